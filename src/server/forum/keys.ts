// The forum's keys (the host's, each seat's, a season's admin key): random, given once, and
// stored only as their hashes.
import { createHash, randomBytes } from 'node:crypto';

export const newKey = (): string => randomBytes(18).toString('base64url');
export const hashKey = (k: string): string => createHash('sha256').update(k).digest('hex');
