// Bot seats: a policy from src/bots receives only its seat's view and legal commands.
// If src/bots grows a registry of named policies, a table may name one; otherwise randomPolicy.
import { randomPolicy, type Policy, type PolicyDef } from '../bots/policy.js';

type Registry = { get(name: string): PolicyDef | undefined };
let registry: Registry | null = null;
let loaded = false;

/** Look once for src/bots/registry (written by the bots engineer); absent is fine. */
export async function loadPolicyRegistry(): Promise<void> {
  if (loaded) return;
  loaded = true;
  try {
    const path = '../bots/registry.js';
    const mod = (await import(path)) as Record<string, unknown>;
    const getPolicy = mod['getPolicy'];
    const table = (mod['policies'] ?? mod['POLICIES'] ?? mod['registry']) as unknown;
    if (typeof getPolicy === 'function') registry = { get: (n) => (getPolicy as (n: string) => PolicyDef | undefined)(n) };
    else if (table instanceof Map) registry = { get: (n) => (table as Map<string, PolicyDef>).get(n) };
    else if (table && typeof table === 'object') {
      const rec = table as Record<string, PolicyDef>;
      registry = { get: (n) => (Object.prototype.hasOwnProperty.call(rec, n) ? rec[n] : undefined) };
    }
  } catch {
    registry = null;
  }
}

export function policyNames(): string[] {
  return ['random'];
}

/** One policy instance for one bot seat. */
export function makePolicy(name: string): Policy {
  if (name === 'random' || !registry) return randomPolicy;
  try {
    const def = registry.get(name);
    if (def && typeof def.create === 'function') return def.create({ lang: 'ru' });
  } catch {
    // fall through to the random bot
  }
  return randomPolicy;
}
