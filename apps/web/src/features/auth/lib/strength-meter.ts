/** The password strength meter's bar, shared by the meter and the place kept for it before it loads. */
export const STRENGTH_BAR_PX = 6;
