import { describe, it } from 'vitest';
import { expectBothLanguages } from '../../test/texts';
import { FUND_DETAILS_TEXTS } from './i18n';

describe('fund details texts', () => {
  it('every key has a Chinese and an English text', () => expectBothLanguages(FUND_DETAILS_TEXTS));
});
