// @gorod/engine: the judge as a pure library. No I/O, no clock, no dependencies.
import './registry.js';
export * from './vocab.js';
export * from './rejection.js';
export * from './events.js';
export * from './state.js';
export * from './options.js';
export * from './roles.js';
export * from './presets.js';
export * from './command.js';
export * from './setup.js';
export { apply, decide, cloneState, rulesOf, registerRules } from './game.js';
export { evolve } from './evolve.js';
export { view, visibleEvents, canSee, type Viewer, type GameView, type SeatView } from './view.js';
export { legalCommands } from './legal.js';
export * from './record.js';
export { fmix32, mulberry32, seedFromText } from './rng.js';
export { teamOf } from './roles-team.js';
export { describeEvent, describeLog, type Lang } from './describe.js';
