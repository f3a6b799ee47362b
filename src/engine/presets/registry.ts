// Every preset's rules, registered once; the flow looks them up at call time (rules.ts rulesOf).
// fiim plays classic's rules, changed by its options, plus its team's defeat (fiim 9.3).
import { classicRules } from './classic/classic.js';
import { clubRules } from './club/club.js';
import { fiimRules } from './fiim/fiim.js';
import { forumRules } from './forum/forum.js';
import { registerRules } from '../core/rules.js';
import { tournamentRules } from './tournament/tournament.js';

registerRules('classic', classicRules);
registerRules('club', clubRules);
registerRules('tournament', tournamentRules);
registerRules('forum', forumRules);
registerRules('fiim', fiimRules);
