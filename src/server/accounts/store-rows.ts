// The account store's rows as the store's types (store-sql.ts reads them the same way from SQLite
// and PostgreSQL: PostgreSQL returns BIGINT as a string, hence num()).
import { num, optNum, optStr, str, type SqlRow } from '../sql.js';
import type { Account, BoundSeat, ClaimedPlayer, Passkey } from './store.js';

export const toAccount = (r: SqlRow): Account => ({
  id: str(r['id']),
  nickname: str(r['nickname']),
  createdAt: num(r['created_at']),
  passwordHash: optStr(r['password_hash']),
  deletedAt: optNum(r['deleted_at']),
  mergedInto: optStr(r['merged_into']),
});
export const toPasskey = (r: SqlRow): Passkey => ({
  id: str(r['id']),
  accountId: str(r['account_id']),
  publicKey: str(r['public_key']),
  counter: num(r['counter']),
  transports: r['transports'] ? (JSON.parse(str(r['transports'])) as string[]) : [],
  createdAt: num(r['created_at']),
  usedAt: optNum(r['used_at']),
});
export const toSeat = (r: SqlRow): BoundSeat & { accountId: string } => ({
  tableId: str(r['table_id']),
  seat: num(r['seat']),
  token: optStr(r['token']),
  boundAt: num(r['bound_at']),
  accountId: str(r['account_id']),
});
export const toPlayer = (r: SqlRow): ClaimedPlayer => ({ tournamentId: str(r['tournament_id']), playerId: str(r['player_id']), playerName: str(r['player_name']), claimedAt: num(r['claimed_at']) });

