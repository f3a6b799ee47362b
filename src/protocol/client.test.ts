// The hand-checked path for plain commands accepts only what the schema accepts, as it is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VERBS } from '../engine/index.js';
import { ClientMessage, plainCommand } from './client.js';

const anyValue = fc.oneof(fc.integer({ min: -3, max: 70 }), fc.double(), fc.constantFrom('judge', 'clock', 'x', '', null, true), fc.array(fc.integer({ min: -1, max: 66 }), { maxLength: 4 }));
const command = fc.dictionary(fc.constantFrom('do', 'by', 'target', 'targets', 'text', 'extra', '__proto__'), fc.oneof(anyValue, fc.constantFrom(...VERBS)), { maxKeys: 5 });
const loose = fc.record(
  {
    type: fc.constantFrom('command', 'hello', 'ping'),
    nonce: fc.oneof(fc.string({ minLength: 0, maxLength: 70 }), fc.integer()),
    command: fc.oneof(command, fc.constant(null), fc.array(fc.integer())),
    other: fc.integer(),
  },
  { requiredKeys: [] },
);
// Near the accepted ones: a verb, a nonce, and fields of the right names with values right or wrong.
const near = fc.record({
  type: fc.constant('command'),
  nonce: fc.string({ minLength: 0, maxLength: 66 }),
  command: fc.tuple(fc.constantFrom(...VERBS), command).map(([verb, rest]) => ({ ...rest, do: verb })),
});
const message = fc.oneof(loose, near);

describe('plain commands checked by hand', () => {
  it('accepts a message only if ClientMessage accepts it, and gives the same message', () => {
    let accepted = 0;
    fc.assert(
      fc.property(message, (m) => {
        const json: unknown = JSON.parse(JSON.stringify(m));
        const fast = plainCommand(json);
        const slow = ClientMessage.safeParse(json);
        if (fast) {
          accepted++;
          expect(slow.success).toBe(true);
          expect(fast).toEqual(slow.data);
        }
      }),
      { numRuns: 5000 },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('takes the W1 kinds of command', () => {
    for (const command of [{ do: 'nominate', target: 3 }, { do: 'vote', target: 2 }, { do: 'endSpeech', by: 'clock' }, { do: 'shoot', target: null }, { do: 'closeVote' }])
      expect(plainCommand({ type: 'command', nonce: 'n1', command })).not.toBeNull();
  });
});
