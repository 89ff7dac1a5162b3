import { describe, it } from 'vitest';
import { expectBothLanguages } from '../../../test/texts';
import { TRACKER_TEXTS } from './i18n';

describe('live tracker texts', () => {
  it('every key has a Chinese and an English text', () => expectBothLanguages(TRACKER_TEXTS));
});
