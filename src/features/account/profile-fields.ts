// The profile's fields live in shared/: the venue server lets exactly these into an access token.
export { PROFILE_FIELDS, type ProfileField } from '../../../shared/profile-fields.ts';
