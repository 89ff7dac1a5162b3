import { describe, expect, it } from 'vitest';
import { isIosSafari } from './install-offer';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('the iOS "add to home screen" hint is for Safari on iOS only', () => {
  it('iPhone Safari, and an iPad (it says it is a Mac, with a touch screen)', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIosSafari(IPAD_AS_MAC, 5)).toBe(true);
  });

  it('not a Mac, other browsers on iOS, in-app views, Android', () => {
    expect(isIosSafari(IPAD_AS_MAC, 0)).toBe(false);
    expect(isIosSafari(IPHONE_SAFARI.replace('Version/17.5', 'CriOS/126.0.6478.54'), 5)).toBe(false);
    expect(isIosSafari(IPHONE_SAFARI.replace('Version/17.5', 'FxiOS/127.0'), 5)).toBe(false);
    expect(isIosSafari(`${IPHONE_SAFARI} MicroMessenger/8.0.49`, 5)).toBe(false);
    expect(
      isIosSafari(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
        5,
      ),
    ).toBe(false);
    expect(
      isIosSafari(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
        5,
      ),
    ).toBe(false);
  });
});
