// Row types of the mirrored tables: the server's column names (SPEC §3), as sync_pull returns them.

interface Synced {
  id: number;
  updated_at: string;
}

export interface Organization extends Synced {
  name: string;
  abbreviation: string | null;
  description: string | null;
}

export interface Breed extends Synced {
  breed_name: string;
  universal_breed_abbreviation: string;
  overview_image: string | null;
  /** A text list in braces (SPEC §3); read it with parseListText. */
  detail_images: string | null;
  activity_level: string | null;
  grooming_level: string | null;
  vocality: string | null;
  habitat: string | null;
  life_expectancy: string | null;
  colors: string | null;
  about: string | null;
  temperament: string | null;
  health_and_development: string | null;
  health_challenges: string | null;
  health_tests: string | null;
  coat_length: string | null;
  body_type: string | null;
  shedding_level: string | null;
  independence_level: string | null;
}

export interface Cattery extends Synced {
  name: string;
  profile_image_url: string | null;
  city: string | null;
  country: string | null;
  street_address: string | null;
  postal_code: string | null;
  website: string | null;
  website_url: string | null;
  email: string | null;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  description: string | null;
  is_verified: boolean;
  detail_images: string[];
  organization_id: number | null;
  latitude: number | null;
  longitude: number | null;
}

export interface CatteryBreed extends Synced {
  cattery_id: number;
  breed_id: number;
  certification_url: string | null;
  certification_date: string | null;
  is_primary_breed: boolean;
}

export interface QualityLabel extends Synced {
  name: string;
  description: string | null;
}

export interface CatteryQualityLabel extends Synced {
  cattery_id: number;
  quality_label_id: number;
  issued_date: string | null;
  expiration_date: string | null;
  certificate_url: string | null;
}

export interface Litter extends Synced {
  cattery_id: number;
  breed_id: number | null;
  date_of_birth: string;
  num_male_kittens: number;
  num_female_kittens: number;
  available_male_kittens: number;
  available_female_kittens: number;
  litter_image_url: string | null;
  sire: string | null;
  dam: string | null;
  sire_picture_url: string | null;
  dam_picture_url: string | null;
}

export interface LitterImage extends Synced {
  litter_id: number;
  image_url: string;
}

/** A show or expo (not the DOM's Event). */
export interface ShowEvent extends Synced {
  name: string;
  start_date: string;
  end_date: string;
  city: string | null;
  country: string | null;
  venue_name: string | null;
  street_address: string | null;
  postal_code: string | null;
  expected_attendance: number | null;
  description: string | null;
  event_picture_url: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The venue's IANA time zone; the event's session dates and times are wall-clock times there. */
  time_zone: string;
}

/** One item of an event's schedule. */
export interface ScheduleSession extends Synced {
  event_id: number;
  schedule_date: string;
  start_time: string;
  end_time: string;
  title: string;
  description: string | null;
  /** The CURRENT place: an organiser's move changes it (old builds show the new place too). */
  location: string | null;
  /** 'cancelled' by the organiser; absent on rows mirrored before the live schedule. */
  status: SessionStatus;
  /** What the session was before its first change (all null while unchanged): "Moved from 14:00". */
  original_date: string | null;
  original_start_time: string | null;
  original_end_time: string | null;
  original_location: string | null;
}

export type SessionStatus = 'scheduled' | 'cancelled';

/** A one-line announcement to an event's visitors, shown until ends_at (null: until withdrawn). */
export interface ShowNotice extends Synced {
  event_id: number;
  message: string;
  ends_at: string | null;
  created_at: string;
}

export interface Advertiser extends Synced {
  company_name: string;
  company_logo_url: string | null;
  website: string | null;
  street_address: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  intro_text: string | null;
  /** A list, or quoted comma-separated text (SPEC §2); read it with parseListText. */
  product_images: string[] | string;
  product_descriptions: string[] | string;
  discount_voucher_enabled: boolean;
  discount_voucher_amount: number | null;
  rebate_voucher_enabled: boolean;
  rebate_voucher_percentage: number | null;
  latitude: number | null;
  longitude: number | null;
}
