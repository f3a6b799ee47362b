// Shared client code for every page (player table, judge console, table display, protocol).
export { GameClient, useGameClient, useGameSnapshot, useCountdown, type ConnStatus, type GameSnapshot, type CommandError } from './ws.js';
export { api, ApiError } from './api.js';
export { i18n, setLang, currentLang, LANGS, type Lang } from './i18n.js';
export { eventText, logName, phaseBanner, seatLabel, nameOf, roleName, teamName, currentSpeech, type NameOf } from './format.js';
export { verifyCommitment, sha256Hex, type CommitCheck } from './commitment.js';
export { navigate, Link, useLocation, matchPath, routeParam, queryParam } from './router.js';
export { playLink, judgeLink, absolute } from './storage.js';
export type * from './protocol.js';
