// Real cities (with coordinates and time zones) where the demo show's catteries, events and advertisers are.

export interface Place {
  city: string;
  country: string;
  postal: string;
  phone: string;
  lat: number;
  lng: number;
  street: string;
  /** The IANA time zone; an event's session times are wall-clock times there. */
  tz: string;
}

export const PLACES: Place[] = [
  { city: 'Amsterdam', country: 'Netherlands', postal: '1017 CE', phone: '+31 20', lat: 52.3676, lng: 4.9041, street: 'Prinsengracht', tz: 'Europe/Amsterdam' },
  { city: 'Utrecht', country: 'Netherlands', postal: '3511 LX', phone: '+31 30', lat: 52.0907, lng: 5.1214, street: 'Oudegracht', tz: 'Europe/Amsterdam' },
  { city: 'Rotterdam', country: 'Netherlands', postal: '3011 AD', phone: '+31 10', lat: 51.9244, lng: 4.4777, street: 'Witte de Withstraat', tz: 'Europe/Amsterdam' },
  { city: 'Antwerp', country: 'Belgium', postal: '2000', phone: '+32 3', lat: 51.2194, lng: 4.4025, street: 'Meir', tz: 'Europe/Brussels' },
  { city: 'Ghent', country: 'Belgium', postal: '9000', phone: '+32 9', lat: 51.0543, lng: 3.7174, street: 'Veldstraat', tz: 'Europe/Brussels' },
  { city: 'Berlin', country: 'Germany', postal: '10115', phone: '+49 30', lat: 52.52, lng: 13.405, street: 'Invalidenstraße', tz: 'Europe/Berlin' },
  { city: 'Hamburg', country: 'Germany', postal: '20095', phone: '+49 40', lat: 53.5511, lng: 9.9937, street: 'Mönckebergstraße', tz: 'Europe/Berlin' },
  { city: 'Munich', country: 'Germany', postal: '80331', phone: '+49 89', lat: 48.1351, lng: 11.582, street: 'Sendlinger Straße', tz: 'Europe/Berlin' },
  { city: 'Cologne', country: 'Germany', postal: '50667', phone: '+49 221', lat: 50.9375, lng: 6.9603, street: 'Hohe Straße', tz: 'Europe/Berlin' },
  { city: 'Paris', country: 'France', postal: '75011', phone: '+33 1', lat: 48.8566, lng: 2.3522, street: 'Rue de la Roquette', tz: 'Europe/Paris' },
  { city: 'Lyon', country: 'France', postal: '69002', phone: '+33 4', lat: 45.764, lng: 4.8357, street: 'Rue de la République', tz: 'Europe/Paris' },
  { city: 'Vienna', country: 'Austria', postal: '1070', phone: '+43 1', lat: 48.2082, lng: 16.3738, street: 'Neubaugasse', tz: 'Europe/Vienna' },
  { city: 'Copenhagen', country: 'Denmark', postal: '1050', phone: '+45 33', lat: 55.6761, lng: 12.5683, street: 'Nørregade', tz: 'Europe/Copenhagen' },
  { city: 'Aarhus', country: 'Denmark', postal: '8000', phone: '+45 86', lat: 56.1629, lng: 10.2039, street: 'Søndergade', tz: 'Europe/Copenhagen' },
  { city: 'Stockholm', country: 'Sweden', postal: '111 52', phone: '+46 8', lat: 59.3293, lng: 18.0686, street: 'Drottninggatan', tz: 'Europe/Stockholm' },
  { city: 'Oslo', country: 'Norway', postal: '0154', phone: '+47 22', lat: 59.9139, lng: 10.7522, street: 'Karl Johans gate', tz: 'Europe/Oslo' },
  { city: 'Prague', country: 'Czech Republic', postal: '110 00', phone: '+420 2', lat: 50.0755, lng: 14.4378, street: 'Vodičkova', tz: 'Europe/Prague' },
  { city: 'Kraków', country: 'Poland', postal: '31-001', phone: '+48 12', lat: 50.0647, lng: 19.945, street: 'Floriańska', tz: 'Europe/Warsaw' },
  { city: 'London', country: 'United Kingdom', postal: 'N1 9GU', phone: '+44 20', lat: 51.5074, lng: -0.1278, street: 'Upper Street', tz: 'Europe/London' },
  { city: 'Manchester', country: 'United Kingdom', postal: 'M1 1AD', phone: '+44 161', lat: 53.4808, lng: -2.2426, street: 'Market Street', tz: 'Europe/London' },
  { city: 'Dublin', country: 'Ireland', postal: 'D02 XY45', phone: '+353 1', lat: 53.3498, lng: -6.2603, street: 'Grafton Street', tz: 'Europe/Dublin' },
  { city: 'Zurich', country: 'Switzerland', postal: '8001', phone: '+41 44', lat: 47.3769, lng: 8.5417, street: 'Bahnhofstrasse', tz: 'Europe/Zurich' },
  { city: 'Milan', country: 'Italy', postal: '20121', phone: '+39 02', lat: 45.4642, lng: 9.19, street: 'Via Brera', tz: 'Europe/Rome' },
  { city: 'Madrid', country: 'Spain', postal: '28013', phone: '+34 91', lat: 40.4168, lng: -3.7038, street: 'Calle Mayor', tz: 'Europe/Madrid' },
];
