// Policies by name, as the server, the CLI and the simulator ask for them.
import { clubPolicy } from './club.js';
import { randomPolicy, type PolicyDef } from './policy.js';
import { w1Policy } from './w1.js';

export const randomPolicyDef: PolicyDef = {
  name: 'random',
  doc: 'Uniform over the legal commands; passes only when it has none.',
  create: () => randomPolicy,
};

const POLICIES = new Map<string, PolicyDef>();

export function registerPolicy(def: PolicyDef): void {
  POLICIES.set(def.name, def);
}

registerPolicy(randomPolicyDef);
registerPolicy(w1Policy);
registerPolicy(clubPolicy);

export function policyNames(): string[] {
  return [...POLICIES.keys()];
}

export function getPolicy(name: string): PolicyDef {
  const p = POLICIES.get(name);
  if (!p) throw new Error(`unknown policy "${name}" (known: ${policyNames().join(', ')})`);
  return p;
}
