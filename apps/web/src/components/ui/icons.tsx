import type { SVGProps } from 'react';

/**
 * A few line icons for the start-up bundle (tab bar, home). antd-mobile-icons cost about 1 KB gzip
 * each; these share one tiny component. Lazy pages may use antd-mobile-icons freely.
 */
const PATHS = {
  home: 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  gift: 'M4 11h16v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1zM3 7h18v4H3zM12 7v14M12 7S10.5 3 8 3.5 7 7 12 7zm0 0s1.5-4 4-3.5S17 7 12 7z',
  bill: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3',
  coin: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9 8.5l3 3.5 3-3.5M12 12v5M9 13h6M9 15.5h6',
  user: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zM4 21c.8-4 4-6 8-6s7.2 2 8 6',
  deposit: 'M3 7h18v12H3zM3 11h18M12 3v6M9 6l3 3 3-3',
  withdraw: 'M3 7h18v12H3zM3 11h18M12 17v-5M9 14.5l3-3 3 3',
  rebate: 'M20 12a8 8 0 1 1-2.3-5.6M20 4v4h-4M9.5 9.5l5 5M10 15h.01M14 9h.01',
  vip: 'M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z',
  share:
    'M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  refresh: 'M20 12a8 8 0 1 1-2.3-5.6M20 4v4h-4',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, ...rest }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
