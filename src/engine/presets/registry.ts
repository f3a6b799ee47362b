// Every preset's rules, registered once; the flow looks them up at call time (rules.ts rulesOf).
// fiim registers none: it plays classic's rules, changed only by its options.
import { classicRules } from './classic/classic.js';
import { clubRules } from './club/club.js';
import { forumRules } from './forum/forum.js';
import { registerRules } from '../core/rules.js';
import { tournamentRules } from './tournament/tournament.js';

registerRules('classic', classicRules);
registerRules('club', clubRules);
registerRules('tournament', tournamentRules);
registerRules('forum', forumRules);
