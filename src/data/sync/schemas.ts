// zod schemas for the rows sync_pull returns, one per mirrored table; checked against rows.ts below.
// zod/mini: the sync worker runs them (lib/zod-mini.ts).
import * as z from '../../lib/zod-mini.ts';
import type { MirrorTable } from '../db.ts';
import type {
  Advertiser,
  Breed,
  Cattery,
  CatteryBreed,
  CatteryQualityLabel,
  Litter,
  LitterImage,
  Organization,
  QualityLabel,
  ScheduleSession,
  ShowEvent,
  ShowNotice,
} from '../rows.ts';

const id = z.int().check(z.positive());
const text = z.string();
const optText = z.nullable(z.string());
const date = z.iso.date();
const optDate = z.nullable(date);
const time = z.iso.time();
const count = z.int().check(z.nonnegative());
const optNumber = z.nullable(z.number());
const latitude = z.nullable(z.number().check(z.gte(-90), z.lte(90)));
const longitude = z.nullable(z.number().check(z.gte(-180), z.lte(180)));
/** SPEC §2: a list, or a text holding a quoted comma-separated list. */
const listOrText = z.union([z.array(z.string()), z.string()]);

const synced = { id, updated_at: z.iso.datetime({ offset: true }) };

export const organizationSchema = z.object({ ...synced, name: text, abbreviation: optText, description: optText });

export const breedSchema = z.object({
  ...synced,
  breed_name: text,
  universal_breed_abbreviation: text,
  overview_image: optText,
  detail_images: optText,
  activity_level: optText,
  grooming_level: optText,
  vocality: optText,
  habitat: optText,
  life_expectancy: optText,
  colors: optText,
  about: optText,
  temperament: optText,
  health_and_development: optText,
  health_challenges: optText,
  health_tests: optText,
  coat_length: optText,
  body_type: optText,
  shedding_level: optText,
  independence_level: optText,
});

export const catterySchema = z.object({
  ...synced,
  name: text,
  profile_image_url: optText,
  city: optText,
  country: optText,
  street_address: optText,
  postal_code: optText,
  website: optText,
  website_url: optText,
  email: optText,
  phone: optText,
  first_name: optText,
  last_name: optText,
  description: optText,
  is_verified: z.boolean(),
  detail_images: z.array(z.string()),
  organization_id: z.nullable(id),
  latitude,
  longitude,
});

export const catteryBreedSchema = z.object({
  ...synced,
  cattery_id: id,
  breed_id: id,
  certification_url: optText,
  certification_date: optDate,
  is_primary_breed: z.boolean(),
});

export const qualityLabelSchema = z.object({ ...synced, name: text, description: optText });

export const catteryQualityLabelSchema = z.object({
  ...synced,
  cattery_id: id,
  quality_label_id: id,
  issued_date: optDate,
  expiration_date: optDate,
  certificate_url: optText,
});

export const litterSchema = z.object({
  ...synced,
  cattery_id: id,
  breed_id: z.nullable(id),
  date_of_birth: date,
  num_male_kittens: count,
  num_female_kittens: count,
  available_male_kittens: count,
  available_female_kittens: count,
  litter_image_url: optText,
  sire: optText,
  dam: optText,
  sire_picture_url: optText,
  dam_picture_url: optText,
});

export const litterImageSchema = z.object({ ...synced, litter_id: id, image_url: text });

export const showEventSchema = z.object({
  ...synced,
  name: text,
  start_date: date,
  end_date: date,
  city: optText,
  country: optText,
  venue_name: optText,
  street_address: optText,
  postal_code: optText,
  expected_attendance: z.nullable(count),
  description: optText,
  event_picture_url: optText,
  latitude,
  longitude,
  time_zone: text,
});

export const scheduleSessionSchema = z.object({
  ...synced,
  event_id: id,
  schedule_date: date,
  start_time: time,
  end_time: time,
  title: text,
  description: optText,
  location: optText,
  // Defaults: a server from before the live schedule sends none of these (docs/SYNC-COMPATIBILITY.md).
  status: z._default(z.enum(['scheduled', 'cancelled']), 'scheduled'),
  original_date: z._default(optDate, null),
  original_start_time: z._default(z.nullable(time), null),
  original_end_time: z._default(z.nullable(time), null),
  original_location: z._default(optText, null),
});

export const showNoticeSchema = z.object({
  ...synced,
  event_id: id,
  message: text,
  ends_at: z.nullable(z.iso.datetime({ offset: true })),
  created_at: z.iso.datetime({ offset: true }),
});

export const advertiserSchema = z.object({
  ...synced,
  company_name: text,
  company_logo_url: optText,
  website: optText,
  street_address: optText,
  city: optText,
  postal_code: optText,
  country: optText,
  intro_text: optText,
  product_images: listOrText,
  product_descriptions: listOrText,
  discount_voucher_enabled: z.boolean(),
  discount_voucher_amount: optNumber,
  rebate_voucher_enabled: z.boolean(),
  rebate_voucher_percentage: optNumber,
  latitude,
  longitude,
});

/** The schema of each mirrored table (unknown columns are stripped). */
export const rowSchemas = {
  breeds: breedSchema,
  organizations: organizationSchema,
  catteries: catterySchema,
  cattery_has_breed: catteryBreedSchema,
  quality_labels: qualityLabelSchema,
  cattery_has_quality_label: catteryQualityLabelSchema,
  litters: litterSchema,
  litter_images: litterImageSchema,
  events: showEventSchema,
  event_schedule: scheduleSessionSchema,
  advertisers: advertiserSchema,
  show_notices: showNoticeSchema,
} satisfies Record<MirrorTable, z.ZodMiniType>;

// Compile-time guard: each schema's output is exactly its rows.ts type (no field missing or extra).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
type Out<T extends MirrorTable> = z.infer<(typeof rowSchemas)[T]>;
type _RowSchemasMatchRowTypes = [
  Expect<Same<Out<'breeds'>, Breed>>,
  Expect<Same<Out<'organizations'>, Organization>>,
  Expect<Same<Out<'catteries'>, Cattery>>,
  Expect<Same<Out<'cattery_has_breed'>, CatteryBreed>>,
  Expect<Same<Out<'quality_labels'>, QualityLabel>>,
  Expect<Same<Out<'cattery_has_quality_label'>, CatteryQualityLabel>>,
  Expect<Same<Out<'litters'>, Litter>>,
  Expect<Same<Out<'litter_images'>, LitterImage>>,
  Expect<Same<Out<'events'>, ShowEvent>>,
  Expect<Same<Out<'event_schedule'>, ScheduleSession>>,
  Expect<Same<Out<'advertisers'>, Advertiser>>,
  Expect<Same<Out<'show_notices'>, ShowNotice>>,
];
