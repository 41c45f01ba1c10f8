/** Registration and teams (B.2), the reserve pool (B.8(d),(f)) and the limit on games per player (B.9). */
export { TEAM_SIZE, groupIndividuals, type FormedTeam, type Grouping } from './group-individuals.js';
export { chooseReserve, reservePool, type Eliminee } from './reserve-pool.js';
export { MAX_GAMES, checkB9, type Commitment } from './check-b9.js';
