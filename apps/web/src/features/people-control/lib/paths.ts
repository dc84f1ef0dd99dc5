/** The admin's list of self-referral flags: under People, so that tab stays lit (see SectionLayout). */
export const REFERRAL_FLAGS_PATH = '/control/people/referral-flags';
