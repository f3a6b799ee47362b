// Every preset's rules, registered once. Preset modules import the shared flow from game.ts;
// game.ts looks presets up here at call time, so there is no import cycle.
import { classicRules } from './classic.js';
import { clubRules } from './club.js';
import { forumRules } from './forum.js';
import { registerRules } from './game.js';
import { tournamentRules } from './tournament.js';

registerRules('classic', classicRules);
registerRules('club', clubRules);
registerRules('tournament', tournamentRules);
registerRules('forum', forumRules);
