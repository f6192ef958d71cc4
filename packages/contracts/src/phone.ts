/** Indian mobile numbers: exactly 10 digits on the wire, shown with the +91 prefix. */
export const PHONE_PATTERN = '^[0-9]{10}$';
export const OTP_PATTERN = '^[A-Za-z0-9]{6}$';
export const OTP_LENGTH = 6;

/** Keep digits only and at most 10 of them, as the mobile number field does while typing. */
export function sanitizePhoneInput(raw: string): string {
  return raw.replace(/\D+/g, '').slice(0, 10);
}

export function isValidPhone(value: string): boolean {
  return /^[0-9]{10}$/.test(value);
}

export function formatPhone(phoneNumber: string): string {
  return phoneNumber ? `+91 ${phoneNumber}` : '';
}

/** Keep letters and digits only and at most 6 of them, as the code entry does. */
export function sanitizeOtpInput(raw: string): string {
  return raw.replace(/[^A-Za-z0-9]+/g, '').slice(0, OTP_LENGTH).toUpperCase();
}
