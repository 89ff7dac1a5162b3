import { describe, it } from 'vitest';
import { expectBothLanguages } from '../../test/texts';
import { WITHDRAW_TEXTS } from './i18n';

describe('withdraw texts', () => {
  it('every key has a Chinese and an English text', () => expectBothLanguages(WITHDRAW_TEXTS));
});
