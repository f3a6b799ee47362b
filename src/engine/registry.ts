// Every preset's rules, registered once. Preset modules import the shared flow from game.ts;
// game.ts looks presets up here at call time, so there is no import cycle.
import { classicRules } from './classic.js';
import { registerRules } from './game.js';

registerRules('classic', classicRules);
