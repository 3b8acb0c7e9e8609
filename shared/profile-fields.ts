/** The profile columns a visitor fills in at sign-up and may edit later (SPEC §7 "Profile save"); e-mail is fixed. */
export const PROFILE_FIELDS = [
  'first_name',
  'middle_name',
  'last_name',
  'phone',
  'street_address',
  'street_address_2',
  'city',
  'postal_code',
  'state_province',
  'country',
] as const;

export type ProfileField = (typeof PROFILE_FIELDS)[number];
