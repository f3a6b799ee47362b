// Bot seats: a policy from src/bots (by name, from its registry) receives only its seat's view
// and legal commands. An unknown name is refused at table creation.
import { randomPolicy, type Policy } from '../bots/policy.js';
import { getPolicy, policyNames as registered } from '../bots/registry.js';

/** Kept for startServer's start-up sequence; the registry is a static import now. */
export async function loadPolicyRegistry(): Promise<void> {}

export function policyNames(): string[] {
  return registered();
}

export function knownPolicy(name: string): boolean {
  return registered().includes(name);
}

/**
 * Policies for the bot seats of one table: one instance per seat, or one shared by all seats
 * when the policy shares its stream (the W1 team memo).
 */
export function makePolicies(name: string, seats: number[]): Map<number, Policy> {
  const out = new Map<number, Policy>();
  let def;
  try {
    def = getPolicy(name);
  } catch {
    def = null;
  }
  const shared = def?.sharedStream ? def.create({ lang: 'ru' }) : null;
  for (const seat of seats) out.set(seat, shared ?? (def ? def.create({ lang: 'ru' }) : randomPolicy));
  return out;
}
