import { describe, it } from 'vitest';
import { expectBothLanguages } from '../../test/texts';
import { BETS_TEXTS } from './i18n';

describe('bet record texts', () => {
  it('every key has a Chinese and an English text', () => expectBothLanguages(BETS_TEXTS));
});
