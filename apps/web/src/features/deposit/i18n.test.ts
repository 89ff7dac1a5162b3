import { describe, it } from 'vitest';
import { expectBothLanguages } from '../../test/texts';
import { DEPOSIT_TEXTS } from './i18n';

describe('deposit texts', () => {
  it('every key has a Chinese and an English text', () => expectBothLanguages(DEPOSIT_TEXTS));
});
