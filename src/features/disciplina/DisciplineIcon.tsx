/** Simple drawn icons for the four disciplines: no emoji font or image request needed. */
export function DisciplineIcon({ code }: { code: string }) {
  const common = {
    width: 48,
    height: 48,
    viewBox: '0 0 48 48',
    'aria-hidden': true,
    focusable: false,
  } as const
  switch (code) {
    case 'tennis':
      return (
        <svg {...common}>
          <circle cx="24" cy="24" r="18" fill="#d7f25a" stroke="#073459" strokeWidth="2" />
          <path d="M9 14c8 4 8 16 0 20M39 14c-8 4-8 16 0 20" fill="none" stroke="#fff" strokeWidth="3" />
        </svg>
      )
    case 'padel':
      return (
        <svg {...common}>
          <ellipse cx="22" cy="18" rx="12" ry="14" fill="#0b4f8a" />
          <g fill="#e6f0fa">
            <circle cx="18" cy="13" r="1.8" />
            <circle cx="25" cy="13" r="1.8" />
            <circle cx="18" cy="20" r="1.8" />
            <circle cx="25" cy="20" r="1.8" />
          </g>
          <path d="M28 29l10 12" stroke="#073459" strokeWidth="5" strokeLinecap="round" />
          <circle cx="38" cy="12" r="5" fill="#d7f25a" stroke="#073459" strokeWidth="1.5" />
        </svg>
      )
    case 'beach-tennis':
      return (
        <svg {...common}>
          <circle cx="36" cy="12" r="6" fill="#f6b93b" />
          <path d="M4 38c8-6 32-6 40 0v6H4z" fill="#f3d9a4" />
          <path d="M6 36c6-3 10-3 16 0s10 3 20 0" fill="none" stroke="#0b4f8a" strokeWidth="3" />
          <circle cx="18" cy="22" r="5" fill="#d7f25a" stroke="#073459" strokeWidth="1.5" />
        </svg>
      )
    case 'pickleball':
      return (
        <svg {...common}>
          <circle cx="24" cy="24" r="18" fill="#f6e05e" stroke="#073459" strokeWidth="2" />
          <g fill="#073459">
            <circle cx="24" cy="14" r="2.5" />
            <circle cx="15" cy="22" r="2.5" />
            <circle cx="33" cy="22" r="2.5" />
            <circle cx="19" cy="32" r="2.5" />
            <circle cx="29" cy="32" r="2.5" />
          </g>
        </svg>
      )
    default:
      return (
        <svg {...common}>
          <circle cx="24" cy="24" r="18" fill="#0b4f8a" />
        </svg>
      )
  }
}
