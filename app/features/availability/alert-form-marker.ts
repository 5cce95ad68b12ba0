/** The form field that tells the unit page's action this post is an availability alert. */
export const ALERT_FORM_MARKER = "availability-alert";
