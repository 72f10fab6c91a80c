import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function base({ size = 20, ...rest }: IconProps, children: ReactNode) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const FlameIcon = (p: IconProps) =>
  base(
    p,
    <path d="M12 2c1 4-4 6-4 11a4 4 0 0 0 8 0c0-1.6-.6-2.8-1.3-3.8 2.8 1.4 4.3 4 4.3 6.8a7 7 0 0 1-14 0C5 9.5 10.5 7 12 2z" />,
  );
export const SnowIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M12 2v20M4.9 6l14.2 12M19.1 6L4.9 18" />
      <path d="M9.5 3.5L12 6l2.5-2.5M9.5 20.5L12 18l2.5 2.5" />
    </>,
  );
export const SkipIcon = (p: IconProps) => base(p, <path d="M5 5l8 7-8 7V5zM17 5v14" />);
export const UploadIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M12 16V4M7 9l5-5 5 5" />
      <path d="M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </>,
  );
export const ChartIcon = (p: IconProps) => base(p, <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />);
export const UserIcon = (p: IconProps) =>
  base(
    p,
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
    </>,
  );
export const ExpandIcon = (p: IconProps) => base(p, <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />);
export const CloseIcon = (p: IconProps) => base(p, <path d="M6 6l12 12M18 6L6 18" />);
export const TrashIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M4 7h16M10 11v6M14 11v6" />
      <path d="M6 7l1 13h10l1-13M9 7V4h6v3" />
    </>,
  );
export const EyeIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>,
  );
export const VoteIcon = (p: IconProps) => base(p, <path d="M7 11l4 4 8-8M4 20h16" />);
export const ImageIcon = (p: IconProps) =>
  base(
    p,
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="M21 16l-5-5-9 9" />
    </>,
  );
export const VideoIcon = (p: IconProps) =>
  base(
    p,
    <>
      <rect x="2" y="5" width="14" height="14" rx="2" />
      <path d="M16 10l6-3v10l-6-3" />
    </>,
  );
export const MapPinIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M12 22s7-6.3 7-12a7 7 0 0 0-14 0c0 5.7 7 12 7 12z" />
      <circle cx="12" cy="10" r="2.5" />
    </>,
  );
export const ShieldIcon = (p: IconProps) =>
  base(p, <path d="M12 3l8 3v6c0 5-3.4 8.4-8 9-4.6-.6-8-4-8-9V6l8-3zM8.5 12l2.5 2.5 4.5-5" />);
export const MailIcon = (p: IconProps) =>
  base(
    p,
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </>,
  );
export const LogoutIcon = (p: IconProps) =>
  base(p, <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H4" />);
export const SwitchUserIcon = (p: IconProps) =>
  base(
    p,
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.5 2.9-6 6.5-6 1.6 0 3 .5 4.1 1.3M16 13l3 3-3 3M19 16h-6" />
    </>,
  );
export const RefreshIcon = (p: IconProps) => base(p, <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />);
export const CheckIcon = (p: IconProps) => base(p, <path d="M5 12l5 5L19 7" />);
export const AlertIcon = (p: IconProps) => base(p, <path d="M12 3l10 18H2L12 3zM12 10v5M12 18h.01" />);
export const PlayIcon = (p: IconProps) => base(p, <path d="M8 5.5v13l10.5-6.5L8 5.5z" fill="currentColor" />);
export const PauseIcon = (p: IconProps) => base(p, <path d="M8 5v14M16 5v14" />);
export const FlagIcon = (p: IconProps) => base(p, <path d="M5 21V4M5 4h11l-2 4 2 4H5" />);
export const ShareIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M12 3v13M7 8l5-5 5 5" />
      <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
    </>,
  );
