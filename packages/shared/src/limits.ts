/** Business constants and limits of spec §9. */
export const LIMITS = {
  requestTimeoutMs: 30_000,
  inboxLoadTimeoutMs: 60_000,
  teamChat: {
    idleMs: 300_000,
    presencePingMs: 120_000,
    maxRetries: 3,
    retryBaseDelayMs: 2_000,
    sendTimeoutMs: 30_000,
    contentMaxChars: 2047,
    badgeCap: 99,
    socketTimeoutMs: 80_000,
    reconnectDelayMs: 1_000,
    acceptedFileExtensions: ['png', 'jpeg', 'jpg', 'pdf', 'doc', 'docx', 'xlsx'],
  },
  contactsPageSize: 30,
  starredPagesMax: 10,
  defaultVersionNamespace: 'v1',
  defaultLocale: 'pt-BR',
  breakpoints: { sm: 576, md: 768, lg: 992, xl: 1200 },
  whatsappReplyWindowHours: 24,
  avatar: { maxBytes: 800 * 1024, types: ['image/jpeg', 'image/gif', 'image/png'] },
  files: { maxCount: 100, maxBytes: 50 * 1024 * 1024, types: ['pdf', 'txt', 'doc', 'docx'] },
  downtimeClosingDays: { min: 1, max: 90 },
  inboxLoadSize: { min: 20, max: 1000 },
  defaultPhoneCountryCode: '55',
  appVersion: '2.36.8',
  weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  dateFilters: ['all', 'thisWeek', 'thisMonth', 'thisYear', 'lastWeek', 'lastMonth', 'lastYear'],
  otp: { digits: 6, ttlMinutes: 10, maxAttempts: 5, resendCooldownSeconds: 60 },
  passwordResetTtlMinutes: 60,
  invitationTtlDays: 7,
} as const;

/** Badge text for an unread count: '99+' above 100 (spec §2/§9). */
export function badgeText(count: number): string {
  return count > 100 ? `${LIMITS.teamChat.badgeCap}+` : String(count);
}
