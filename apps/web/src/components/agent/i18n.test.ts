import { describe, it } from 'vitest';
import { expectBothLanguages } from '../../test/texts';
import { BUSINESS_CARD_TEXTS } from './i18n';

describe('business card texts', () => {
  it('every key has a Chinese and an English text', () => expectBothLanguages(BUSINESS_CARD_TEXTS));
});
