/**
 * The seven great powers, as the tournament names them. The same names as the engine's (the layers
 * keep `tournament/` from importing `diplomacy/`), so the engine's values fit these types.
 */
export type Power = 'AUSTRIA' | 'ENGLAND' | 'FRANCE' | 'GERMANY' | 'ITALY' | 'RUSSIA' | 'TURKEY';
export const POWERS: readonly Power[] = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];
