// The options every preset had before the day-flow variants: the table's own (R2–R18), club and
// tournament (R20–R35) and forum (R41, R53) ones. Each names its rule; `defaults` lists the presets
// that take it (presets beyond classic inherit classic's defaults, options.ts).
import type { OptionDef } from './options.js';

export const TABLE_OPTION_DEFS: readonly OptionDef[] = [
  {
    key: 'firstDayVote',
    name: { ru: 'Голосование в первый день', en: 'Day 1 vote' },
    rule: 'R7',
    replacedBy: 'dayOneVote',
    doc: {
      ru: 'Голосование в первый день (если выставлено двое и больше).',
      en: 'Day 1 holds a vote (when two or more are nominated).',
    },
    defaults: { classic: true, club: false },
  },
  {
    key: 'selfVote',
    name: { ru: 'Голос за себя', en: 'Voting for oneself' },
    rule: 'R8',
    doc: { ru: 'Можно голосовать за себя.', en: 'A player may vote for themselves.' },
    defaults: { classic: true, club: false },
  },
  {
    key: 'provocation',
    name: { ru: 'Отдёрнутая рука', en: 'A withdrawn hand' },
    valueNames: {
      removal: { ru: 'удаление', en: 'removal' },
      foul: { ru: 'фол', en: 'a foul' },
      none: { ru: 'ничего', en: 'nothing' },
    },
    rule: 'R8',
    values: ['removal', 'foul', 'none'],
    doc: {
      ru: 'Отдёрнутая рука: удаление (голос не считается), фол (голос считается) или ничего.',
      en: 'A withdrawn hand: removal (vote void), a foul (vote counted) or nothing.',
    },
    // fiim 7.14, 10.6: a pulled-back hand still counts and earns a foul.
    defaults: { classic: 'removal', tournament: 'none', fiim: 'foul' },
  },
  {
    key: 'cancelVoteOnCriticalRemoval',
    name: { ru: 'Удаление в критической ситуации отменяет голосование', en: 'A removal in a critical situation cancels the vote' },
    rule: 'R11',
    replacedBy: 'removalCancelsVote',
    doc: {
      ru: 'Удаление днём в критической ситуации отменяет голосование: сразу наступает ночь.',
      en: 'A removal during the day in a critical situation ends the day at once, no vote.',
    },
    defaults: { classic: true },
  },
  {
    key: 'revealRoles',
    name: { ru: 'Вскрытие ролей', en: 'Revealing roles' },
    valueNames: {
      never: { ru: 'никогда', en: 'never' },
      onExit: { ru: 'при выбывании', en: 'when a player leaves' },
    },
    rule: 'R16',
    values: ['never', 'onExit'],
    doc: { ru: 'Вскрывать роль выбывшего игрока.', en: 'Reveal the role of a player who leaves.' },
    defaults: { classic: 'never', forum: 'onExit' },
  },
  {
    key: 'nightEnds',
    name: { ru: 'Конец ночи', en: 'End of the night' },
    valueNames: {
      allActed: { ru: 'когда все сделали ход', en: 'when everyone has acted' },
      close: { ru: 'по таймеру или ведущему', en: 'by the clock or the judge' },
    },
    rule: 'R18',
    values: ['allActed', 'close'],
    doc: {
      ru: 'Конец ночи: как только все, кто должен, сделали ход, или только по команде ведущего (таймеру). Онлайн — по таймеру: раннее утро выдало бы, что игрок с ночной ролью уже выбыл.',
      en: 'The night ends as soon as everyone owing an action has acted, or only when the judge (the clock) closes it. Online: by the clock — an early morning would tell that a player with a night role has left.',
    },
    defaults: { classic: 'allActed', forum: 'close' },
  },
  {
    key: 'speechSeconds',
    name: { ru: 'Речь, секунд', en: 'Speech, seconds' },
    rule: 'R2',
    range: [10, 600],
    doc: { ru: 'Длительность речи, секунд (таймер ведущего).', en: 'Speech length in seconds (host timer).' },
    defaults: { classic: 60 },
  },
  {
    key: 'tieSpeechSeconds',
    name: { ru: 'Речь в перестрелке, секунд', en: 'Tie speech, seconds' },
    rule: 'R9',
    range: [10, 600],
    doc: { ru: 'Речь в перестрелке, секунд.', en: 'Tie speech length in seconds.' },
    defaults: { classic: 30 },
  },
  {
    key: 'lastWordSeconds',
    name: { ru: 'Последнее слово, секунд', en: 'Last word, seconds' },
    rule: 'R10',
    range: [10, 600],
    doc: { ru: 'Последнее слово, секунд.', en: 'Last word length in seconds.' },
    defaults: { classic: 60 },
  },
  {
    key: 'sayMaxLength',
    name: { ru: 'Длина сообщения, символов', en: 'Message length, characters' },
    rule: 'R4',
    range: [1, 4000],
    doc: {
      ru: 'Наибольшая длина одного сообщения в речи (символов).',
      en: 'Longest single speech message (characters).',
    },
    defaults: { classic: 1000 },
  },
  {
    key: 'roles',
    name: { ru: 'Роли за столом', en: 'Roles at the table' },
    control: 'roleCounts',
    rule: 'R20',
    check: (v) => Array.isArray(v) && v.length <= 15 && v.every((r) => typeof r === 'string' && r.length <= 20),
    doc: {
      ru: 'Свой набор ролей стола (остальные — мирные); пусто — раздача по числу игроков (R20).',
      en: "The table's own role list (the rest are civilians); empty: the default deal by size (R20).",
    },
    // forum (R41, R53): the optional roles that play; black is always floor(N/3) with the don.
    defaults: { club: [], forum: [] },
  },
  {
    key: 'doctorSelfHeals',
    name: { ru: 'Доктор лечит себя, раз за игру', en: 'Doctor heals himself, times a game' },
    rule: 'R23',
    range: [0, 15],
    doc: { ru: 'Сколько раз за игру доктор может вылечить себя.', en: 'How many times a game the doctor may heal himself.' },
    defaults: { club: 1, tournament: 2 },
  },
  {
    key: 'doctorPerTarget',
    name: { ru: 'Доктор лечит одного игрока, раз за игру', en: 'Doctor heals one player, times a game' },
    rule: 'R33',
    range: [0, 15],
    doc: {
      ru: 'Сколько раз за игру доктор может лечить одного и того же игрока (0 — без ограничения).',
      en: 'How many times a game the doctor may heal the same player (0: no limit).',
    },
    defaults: { club: 0, tournament: 2 },
  },
  {
    key: 'doctorConsecutive',
    name: { ru: 'Доктор лечит одного и того же две ночи подряд', en: 'Doctor heals the same player two nights running' },
    rule: 'R23',
    doc: {
      ru: 'Доктор может лечить одного и того же игрока две ночи подряд.',
      en: 'The doctor may heal the same player two nights running.',
    },
    defaults: { club: false, tournament: false },
  },
  {
    key: 'maniacSkips',
    name: { ru: 'Пропуски маньяка, раз за игру', en: 'Maniac skips, times a game' },
    rule: 'R22',
    range: [0, 15],
    doc: { ru: 'Сколько раз за игру маньяк может воздержаться.', en: 'How many times a game the maniac may skip.' },
    defaults: { club: 2 },
  },
  {
    key: 'sheriffShots',
    name: { ru: 'Выстрелы шерифа, раз за игру', en: "Sheriff's shots, times a game" },
    rule: 'R22',
    range: [0, 15],
    doc: {
      ru: 'Вооружённый шериф: сколько раз за игру шериф может ночью выстрелить вместо проверки (0 — шериф без оружия).',
      en: 'Armed sheriff: how many times a game the sheriff may shoot at night instead of checking (0: unarmed).',
    },
    defaults: { club: 0 },
  },
  {
    key: 'fourPlayerTieStays',
    name: { ru: 'Ничья вчетвером: все остаются', en: 'A tie at four: all stay' },
    rule: 'R25',
    doc: {
      ru: 'Когда за столом четверо, при равенстве голосов переголосования нет: все остаются.',
      en: 'With four at the table a tie is not revoted: all stay.',
    },
    defaults: { club: true },
  },
  {
    key: 'quietNightsWin',
    name: { ru: 'Тихие ночи вчетвером до победы красных', en: 'Quiet nights at four that give red the win' },
    rule: 'R26',
    range: [0, 15],
    doc: {
      ru: 'Сколько ночей подряд без выстрела мафии при четырёх игроках дают победу красным (0 — правило выключено).',
      en: 'Nights in a row without a black shot at four players that give red the win (0: off).',
    },
    defaults: { club: 3 },
  },
  {
    key: 'seats',
    name: { ru: 'Мест за столом', en: 'Seats at the table' },
    rule: 'R30',
    range: [10, 12],
    check: (v) => v === 10 || v === 12,
    doc: { ru: 'Мест за столом: 12 или 10 (на двух мирных меньше).', en: 'Seats at the table: 12, or 10 (two civilians fewer).' },
    defaults: { tournament: 12 },
  },
  {
    key: 'loverPerTarget',
    name: { ru: 'Любовница сейвит одного игрока, раз за игру', en: 'Lover saves one player, times a game' },
    rule: 'R32',
    range: [0, 15],
    doc: {
      ru: 'Сколько раз за игру любовница может сейвить одного и того же игрока (0 — без ограничения).',
      en: 'How many times a game the lover may save the same player (0: no limit).',
    },
    defaults: { tournament: 2 },
  },
  {
    key: 'loverConsecutive',
    name: { ru: 'Любовница сейвит одного и того же две ночи подряд', en: 'Lover saves the same player two nights running' },
    rule: 'R32',
    doc: {
      ru: 'Любовница может сейвить одного и того же игрока две ночи подряд.',
      en: 'The lover may save the same player two nights running.',
    },
    defaults: { tournament: false },
  },
  {
    key: 'pointsBestMove',
    name: { ru: 'Лучший ход', en: 'Best move' },
    rule: 'R34',
    doc: {
      ru: 'Лучший ход (практика ФИИМ): первый убитый ночью называет до трёх игроков; +0,25 за двух чёрных, +0,4 за трёх.',
      en: 'Best move (FIIM practice): the first player killed at night names up to three seats; +0.25 for two black, +0.4 for three.',
    },
    defaults: { tournament: false },
  },
  {
    key: 'pointsExitPenalty',
    name: { ru: 'Штраф за удаление', en: 'Penalty for a removal' },
    rule: 'R34',
    doc: {
      ru: '−0,5 балла за уход из игры по 4 фолам или удалением (практика ФИИМ).',
      en: '−0.5 points for leaving by 4 fouls or removal (FIIM practice).',
    },
    defaults: { tournament: false },
  },
  {
    key: 'pointsExtra',
    name: { ru: 'Дополнительные баллы', en: 'Extra points' },
    rule: 'R34',
    doc: { ru: 'Дополнительные баллы от судьи (практика ФИИМ, п. 8.20).', en: "The judge's extra points (FIIM practice, fiim 8.20)." },
    defaults: { tournament: false, fiim: true },
  },
  {
    key: 'maniacTeam',
    name: { ru: 'Команда маньяка', en: 'The maniac\'s team' },
    valueNames: {
      red: { ru: 'за красных', en: 'for red' },
      neutral: { ru: 'сам за себя', en: 'for himself' },
    },
    rule: 'R53',
    values: ['red', 'neutral'],
    doc: {
      ru: 'Маньяк мирный (играет за красных) или отдельная субстанция (играет сам за себя).',
      en: 'The maniac plays for red, or for himself (neutral).',
    },
    defaults: { forum: 'red' },
  },
  {
    key: 'bonus',
    name: { ru: 'Скрытый бонус', en: 'The hidden bonus' },
    rule: 'R53',
    doc: {
      ru: 'Скрытый бонус: один игрок, одни сутки из 2–4-х, выбираются при раздаче.',
      en: 'The hidden bonus: one player, one of days 2–4 with its night, drawn at the deal.',
    },
    defaults: { forum: false },
  },
  {
    key: 'daySeconds',
    name: { ru: 'Длительность дня, секунд', en: 'Day length, seconds' },
    rule: 'R52',
    range: [60, 604800],
    doc: {
      ru: 'Сколько длится день форумной игры до подведения итогов голосования (в источнике — с 10:00 до 21:00, 11 часов). Таймер сервера.',
      en: "How long a forum day lasts until its vote is counted (the source: 10:00 to 21:00, 11 hours). The server's timer.",
    },
    defaults: { forum: 39600 },
  },
  {
    key: 'lawyerSeconds',
    name: { ru: 'Срок выбора адвоката, секунд', en: "The lawyer's deadline, seconds" },
    rule: 'R44',
    range: [60, 604800],
    doc: {
      ru: 'Через сколько после начала дня истекает срок, до которого адвокат выбирает, кого защищает (в источнике — три часа).',
      en: 'How long after the day opens the lawyer may choose whom he protects (the source: three hours).',
    },
    defaults: { forum: 10800 },
  },
  {
    key: 'autokillSpent',
    name: { ru: 'Автоголос уже использован', en: 'Auto-vote already spent' },
    rule: 'R42',
    // A season's record, not a table setting: accepted, never shown in the form (no default).
    check: (v) => Array.isArray(v) && v.length <= 30 && v.every((x) => Number.isInteger(x) && (x as number) >= 1 && (x as number) <= 30),
    doc: {
      ru: 'Места, чей автоголос в этом сезоне уже использован: их второй пропуск голосования удаляет из игры (R42).',
      en: 'Seats whose auto-vote of the season is already spent: their missed vote removes them (R42).',
    },
    defaults: {},
    accepts: ['forum'],
    base: [],
  },
];
