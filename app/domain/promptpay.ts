/**
 * A PromptPay id the company receives rent on (PROMPTPAY_ID): a Thai mobile number (0 and nine
 * digits) or a 13-digit tax or citizen id, digits only.
 */
export const PROMPTPAY_ID_PATTERN = /^(0[0-9]{9}|[0-9]{13})$/;
