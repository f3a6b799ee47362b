// The rule variants clubs play today, each an option of every preset with speeches (classic,
// club, tournament, fiim): mafiaratings' rule options (szotin/mafiaratings include/rules.php,
// clauses "fiim N.N") and Polemica's zeroVoting. A preset that lists no default plays its own
// source's rule, the option's `base`; fiim lists mafiaratings' default set (DEFAULT_RULES).
// The day flow (day-flow.ts) reads them through dayOptions(); docs/rules/variants.md explains each.
import type { OptionDef } from './options.js';
import type { PresetId } from './vocab.js';

/** Presets whose days are speeches, nominations and a vote (not forum). */
export const SPEECH_DAYS: readonly PresetId[] = ['classic', 'club', 'tournament', 'fiim'];

const V = (ru: string, en: string): { ru: string; en: string } => ({ ru, en });

export const DAY_OPTION_DEFS: readonly OptionDef[] = [
  {
    key: 'rotation',
    name: V('Кто открывает следующий день', 'Who opens the next day'),
    rule: 'fiim 6.3, R3',
    values: ['opener', 'closer'],
    valueNames: {
      opener: V('следующий за открывавшим', 'the one after the last opener'),
      closer: V('по закрывавшему', 'by the last closer'),
    },
    doc: {
      ru: 'Ротация первой речи. «Следующий за открывавшим»: день открывает живой игрок, следующий за открывавшим прошлый день (R3). «По закрывавшему»: день закрывает живой игрок, следующий за закрывавшим прошлый день, открывает — следующий за ним.',
      en: 'Rotating the first speech. "The one after the last opener": the next living seat after the one who opened the previous day opens (R3). "By the last closer": the next living seat after the one who closed the previous day closes today, and the one after it opens.',
    },
    accepts: SPEECH_DAYS,
    base: 'opener',
    defaults: { fiim: 'opener' },
  },
  {
    key: 'withdrawNomination',
    name: V('Отзыв кандидатуры', 'Withdrawing a nomination'),
    rule: 'fiim 7.5, R5',
    values: ['explicit', 'auto', 'never'],
    valueNames: {
      explicit: V('можно, явно', 'allowed, explicitly'),
      auto: V('новое выставление заменяет', 'a new nomination replaces it'),
      never: V('нельзя', 'not allowed'),
    },
    doc: {
      ru: 'В свою минуту игрок может отозвать свою кандидатуру и выставить другую: только явным отзывом (R5), или новое выставление само заменяет прежнее, или отозвать нельзя вовсе.',
      en: 'During their minute a player may withdraw their nomination and nominate another: only by withdrawing first (R5), or a new nomination replaces the earlier one, or not at all.',
    },
    accepts: SPEECH_DAYS,
    base: 'explicit',
    defaults: { fiim: 'never' },
  },
  {
    key: 'dayOneVote',
    name: V('Голосование в первый день', 'The day-one vote'),
    rule: 'fiim 7.16, polemica zeroVoting, R7',
    values: ['standard', 'none', 'respeech', 'liftOnly', 'selfBreak'],
    valueNames: {
      standard: V('как обычно', 'as any day'),
      none: V('не проводится', 'none'),
      respeech: V('не уходит, говорит 30 секунд', 'the winner stays and speaks 30 s'),
      liftOnly: V('поднять можно только попил', 'only a tie can lift'),
      selfBreak: V('уходит, если голосовал за себя', 'leaves only on a vote for oneself'),
    },
    doc: {
      ru: 'Первый день (нулевой круг): «как обычно» — один выставленный не голосуется, иначе голосование как в любой день (R7); «не проводится» — выставления есть, голосования нет; «говорит 30 секунд» — набравший больше всех не уходит, а получает дополнительные 30 секунд, один выставленный тоже голосуется (Полемика, ФИИМ 7.16.2); «только попил» — набравший больше всех не уходит и слова не получает, уйти могут только все попавшие в попил («все уходят?», Полемика); «если за себя» — набравший больше всех уходит, только если сам голосовал за себя, иначе 30 секунд речи (ФИИМ 7.16.4).',
      en: 'Day one (the zero round): "as any day" — a single nominee is not voted, otherwise as any day (R7); "none" — nominations but no vote; "the winner speaks 30 s" — the one with most votes stays and gets 30 more seconds, a single nominee is voted too (Polemica respeech, fiim 7.16.2); "only a tie" — the one with most votes stays without a speech, only the players of a tie can leave ("all leave?", Polemica liftOnly); "on a vote for oneself" — the one with most votes leaves only if they voted for themselves, else 30 seconds of speech (fiim 7.16.4).',
    },
    accepts: SPEECH_DAYS,
    base: 'standard',
    replaces: { key: 'firstDayVote', from: (old) => (old === false ? 'none' : 'standard'), to: (v) => v !== 'none' },
    defaults: { fiim: 'standard' },
  },
  {
    key: 'removalCancelsVote',
    name: V('Удаление отменяет голосование', 'A removal cancels the vote'),
    rule: 'fiim 9.8, R11',
    values: ['never', 'critical', 'any'],
    valueNames: {
      never: V('никогда', 'never'),
      critical: V('в критической ситуации', 'in a critical situation'),
      any: V('любое удаление', 'any removal'),
    },
    doc: {
      ru: 'Антимонстр. «В критической ситуации»: удаление днём в критической ситуации сразу заканчивает день без голосования (R11). «Любое удаление»: уход по 4-му фолу, двум техническим или дисквалификации отменяет голосование этого дня, если оно ещё не решено, иначе — голосование следующего дня (результат уже решённого голосования остаётся в силе); ночное удаление отменяет голосование следующего дня, кроме удаления игрока, которого мафия застрелила этой ночью (ФИИМ 9.8).',
      en: 'Anti-monster. "In a critical situation": a daytime removal in a critical situation ends the day at once without a vote (R11). "Any removal": leaving by a 4th foul, two technical fouls or a disqualification cancels that day\'s vote if it is not decided yet, otherwise the next day\'s (a vote already decided keeps its result); a removal at night cancels the next day\'s vote unless the removed player is the one the mafia shot that night (fiim 9.8).',
    },
    accepts: SPEECH_DAYS,
    base: 'critical',
    replaces: { key: 'cancelVoteOnCriticalRemoval', from: (old) => (old === false ? 'never' : 'critical'), to: (v) => v !== 'never' },
    defaults: { fiim: 'any' },
  },
  {
    key: 'thirdFoul',
    name: V('Наказание за три фола', 'The penalty for three fouls'),
    rule: 'fiim 9.5, R6',
    values: ['loseSpeech', 'shortSpeech', 'none'],
    valueNames: {
      loseSpeech: V('пропуск речи', 'the next speech is lost'),
      shortSpeech: V('речь 30 секунд', 'the next speech is 30 s'),
      none: V('нет', 'none'),
    },
    doc: {
      ru: 'Третий фол: игрок лишается ближайшей дневной речи (R6, ФИИМ 9.5.1; оправдательная речь и последнее слово остаются), или его ближайшая речь сокращается до 30 секунд (ФИИМ 9.5.2), или наказания нет (ФИИМ 9.5.3).',
      en: 'A third foul: the player loses their next day speech (R6, fiim 9.5.1; tie speeches and the last word stay), or their next speech is cut to 30 seconds (fiim 9.5.2), or there is no penalty (fiim 9.5.3).',
    },
    accepts: SPEECH_DAYS,
    base: 'loseSpeech',
    defaults: { fiim: 'loseSpeech' },
  },
  {
    key: 'silencedMayNominate',
    name: V('Лишённый слова выставляет', 'A silenced player nominates'),
    rule: 'fiim 9.5.1, R6',
    doc: {
      ru: 'Игрок, лишённый речи за три фола, сохраняет право выставить кандидатуру: в момент, когда была бы его речь, он выставляет молча.',
      en: 'A player who lost a speech to a third foul keeps the right to nominate: at the moment the speech would have been, they nominate without speaking.',
    },
    accepts: SPEECH_DAYS,
    base: false,
    defaults: { fiim: true },
  },
  {
    key: 'silencedShortAt',
    name: V('Укороченная речь при трёх фолах, игроков за столом', 'A short speech after three fouls, players left'),
    rule: 'fiim 9.5.1, R6',
    range: [0, 15],
    doc: {
      ru: 'Когда за столом остаётся столько игроков или меньше, игрок с тремя фолами не лишается речи, а говорит укороченную речь (ФИИМ: три или четыре игрока — 4; 0 — правило выключено).',
      en: 'With this many players left or fewer, a player with three fouls does not lose the speech but gets a short one (fiim: three or four players — 4; 0: off).',
    },
    accepts: SPEECH_DAYS,
    base: 0,
    defaults: { fiim: 4 },
  },
  {
    key: 'shortSpeechSeconds',
    name: V('Укороченная речь, секунд', 'A short speech, seconds'),
    rule: 'fiim 9.5, R6',
    range: [10, 600],
    doc: {
      ru: 'Длительность укороченной речи (три фола) и дополнительной речи победителя голосования первого дня, секунд.',
      en: "Length of a short speech (three fouls) and of the day-one winner's extra speech, in seconds.",
    },
    accepts: SPEECH_DAYS,
    base: 30,
    defaults: { fiim: 30 },
  },
  {
    key: 'revoteOrder',
    name: V('Порядок переголосования', 'The order of a revote'),
    rule: 'fiim 7.18, R9',
    values: ['same', 'reverse'],
    valueNames: { same: V('тот же', 'the same'), reverse: V('обратный', 'reversed') },
    doc: {
      ru: 'После попила оправдательные речи и переголосование идут в том же порядке, что и голосование (порядок выставления), или в обратном; каждое следующее переголосование снова меняет порядок.',
      en: 'After a tie the tie speeches and the revote go in the order of the vote (nomination order), or reversed; each further revote turns the order again.',
    },
    accepts: SPEECH_DAYS,
    base: 'same',
    defaults: { fiim: 'same' },
  },
  {
    key: 'tieOfAll',
    name: V('Попил всего стола', 'A tie of the whole table'),
    rule: 'fiim 7.21, R9',
    values: ['allLeave', 'night', 'draw'],
    valueNames: {
      allLeave: V('как любой попил', 'as any tie'),
      night: V('никто не уходит', 'nobody leaves'),
      draw: V('подъём всех — ничья', 'all leaving is a draw'),
    },
    doc: {
      ru: 'Если после голосования и переголосования стол поделился между всеми сидящими за ним: как любой попил — голосование «все уходят?» (R9); «никто не уходит» — наступает ночь; «ничья» — голосование «все уходят?», и если за — игра заканчивается ничьей.',
      en: 'When the vote and the revote split the table between everyone at it: as any tie — the "all leave?" vote (R9); "nobody leaves" — night falls; "a draw" — the "all leave?" vote, and if it passes the game ends in a draw.',
    },
    accepts: SPEECH_DAYS,
    base: 'allLeave',
    defaults: { fiim: 'night' },
  },
  {
    key: 'allLeaveTwoOfFour',
    name: V('Подъём двоих при четверых', 'Lifting two of four'),
    rule: 'fiim 7.22, R9',
    doc: {
      ru: 'За столом четверо, и двое дважды набирают поровну: «все уходят?» как в любом попиле; выключено — голосования нет, наступает ночь, никто не уходит.',
      en: 'Four at the table and two tie twice: "all leave?" as in any tie; off — no such vote, night falls, nobody leaves.',
    },
    accepts: SPEECH_DAYS,
    base: true,
    defaults: { fiim: true },
  },
  {
    key: 'allLeaveThreeOfNine',
    name: V('Подъём троих при девятерых', 'Lifting three of nine'),
    rule: 'fiim 7.23, R9',
    values: ['yes', 'no', 'afterDay2'],
    valueNames: {
      yes: V('можно', 'allowed'),
      no: V('нельзя', 'not allowed'),
      afterDay2: V('можно, кроме второго дня', 'allowed, but not on day 2'),
    },
    doc: {
      ru: 'За столом девять, и трое дважды набирают поровну: «все уходят?» как в любом попиле; «нельзя» — наступает ночь, никто не уходит; «кроме второго дня» — нельзя во второй день (первый после первого убийства), можно позже.',
      en: 'Nine at the table and three tie twice: "all leave?" as in any tie; "not allowed" — night falls, nobody leaves; "not on day 2" — not on the second day (the first after the first kill), allowed later.',
    },
    accepts: SPEECH_DAYS,
    base: 'yes',
    defaults: { fiim: 'no' },
  },
  {
    key: 'firstKilledGuess',
    name: V('Лучший ход убитого в первую ночь', "The first night's victim's guess"),
    rule: 'fiim 8.17, R10',
    doc: {
      ru: 'Игрок, убитый в первую ночь (ночь 2), в последнем слове называет до трёх игроков, которых считает чёрными (лучший ход, завещание); записывается для баллов турнира. Права нет, если в первый день голосованием ушли двое или больше.',
      en: 'The player killed on the first night (night 2) names up to three players they believe black in their last word (the best move, the legacy); recorded for tournament points. Not if two or more left by the day-one vote.',
    },
    accepts: SPEECH_DAYS,
    base: false,
    defaults: { fiim: true },
  },
  {
    key: 'finalSpeech',
    name: V('Заключительная минута', 'The final minute'),
    rule: 'fiim 8.19, R15',
    doc: {
      ru: 'Когда игра решена уходом игрока с последним словом (голосование, ночное убийство), судья сначала даёт это последнее слово и только потом объявляет победу; фолы и удаления во время него результат не меняют. Выключено — победа объявляется сразу.',
      en: 'When the game is decided by a player leaving with a last word (a vote, a night kill), the judge gives that last word first and announces the result after it; fouls and removals during it do not change the result. Off: the result is announced at once.',
    },
    accepts: SPEECH_DAYS,
    base: false,
    defaults: { fiim: true },
  },
  {
    key: 'technicalFouls',
    name: V('Технические фолы', 'Technical fouls'),
    rule: 'fiim 9.6, R6',
    doc: {
      ru: 'Судья может дать технический фол (эмоции, споры с судьёй, стук по столу, грубость); они считаются отдельно от обычных, второй технический — удаление без последнего слова.',
      en: 'The judge may give technical fouls (emotions, arguing with the judge, knocking on the table, rudeness); they are counted apart from fouls, and the second removes the player without a last word.',
    },
    accepts: SPEECH_DAYS,
    base: false,
    defaults: { fiim: true },
  },
  {
    key: 'onRecord',
    name: V('Оставление цветов под протокол', 'Colours on record'),
    rule: 'fiim 6.7, R4',
    values: ['none', 'nightKilled', 'killed', 'exceptTie', 'all'],
    valueNames: {
      none: V('не записывается', 'not recorded'),
      nightKilled: V('от убитых ночью', 'from night victims'),
      killed: V('от убитых и заголосованных', 'from the killed and the voted out'),
      exceptTie: V('в любой речи, кроме попила', 'in any speech but a tie speech'),
      all: V('в любой речи', 'in any speech'),
    },
    doc: {
      ru: 'Кто может оставить цвета игроков «под протокол» так, что судья записывает их для дополнительных баллов: никто; убитые ночью (в последнем слове); убитые и заголосованные (в последнем слове); любой в любой речи, кроме оправдательной; любой в любой речи.',
      en: 'Who may leave players\' colours "on record" so that the judge writes them down for extra points: nobody; the night\'s victims (in the last word); the killed and the voted out (in the last word); anyone in any speech but a tie speech; anyone in any speech.',
    },
    accepts: SPEECH_DAYS,
    base: 'none',
    defaults: { fiim: 'none' },
  },
  {
    key: 'onRecordMax',
    name: V('Под протокол, игроков', 'On record, players'),
    rule: 'fiim 6.8, R4',
    range: [0, 9],
    doc: {
      ru: 'Сколько игроков можно оставить под протокол за одну речь (0 — сколько угодно); оставленных в этой речи уже не поменять.',
      en: 'How many players one speech may leave on record (0: any number); those left cannot be changed later in the speech.',
    },
    accepts: SPEECH_DAYS,
    base: 0,
    defaults: { fiim: 0 },
  },
  {
    key: 'quietRoundsDraw',
    name: V('Ничья после ночей без выбывания', 'A draw after nights without an exit'),
    rule: 'fiim 1.5, R15',
    range: [0, 15],
    doc: {
      ru: 'Если столько ночей подряд (считая дни между ними, начиная с ночи) никто не покидает игру, объявляется ничья (ФИИМ: 3; 0 — правило выключено).',
      en: 'If nobody leaves the game for this many nights in a row (with the days between them, starting with a night), the game is a draw (fiim: 3; 0: off).',
    },
    accepts: SPEECH_DAYS,
    base: 0,
    defaults: { fiim: 3 },
  },
  {
    // A night rule, but a variant like the others: every preset with speeches has the same shot.
    key: 'shotAtOut',
    name: V('Выстрел в выбывшего', 'A shot at a player who is out'),
    rule: 'fiim 8.7, R18',
    values: ['rejected', 'miss'],
    valueNames: {
      rejected: V('не принимается', 'not accepted'),
      miss: V('промах', 'a miss'),
    },
    doc: {
      ru: 'Мафия стреляет в номер игрока, который уже выбыл: выстрел не принимается (R18), или он принимается и ночь — промах (ФИИМ 8.3, 8.7: судья называет все номера от 1 до 10, выстрел не в живого — промах).',
      en: 'The mafia shoots the number of a player who is already out: the shot is not accepted (R18), or it is and the night is a miss (fiim 8.3, 8.7: the judge calls every number from 1 to 10; a shot at no living player is a miss).',
    },
    accepts: SPEECH_DAYS,
    base: 'rejected',
    defaults: { fiim: 'miss' },
  },
];
