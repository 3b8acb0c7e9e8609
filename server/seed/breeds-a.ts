// Hand-written reference data for the demo show's breeds, Abyssinian to Maine Coon.
import type { BreedSeed } from './breed-seed.ts';

export const BREEDS_A: BreedSeed[] = [
  {
    breed_name: 'Abyssinian',
    universal_breed_abbreviation: 'ABY',
    activity_level: 'Very Active',
    grooming_level: 'Low',
    vocality: 'Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-15 years',
    colors: 'Ruddy, Sorrel, Blue, Fawn',
    coat_length: 'Short',
    body_type: 'Medium, Slender',
    shedding_level: 'Some',
    independence_level: 'Moderately Independent',
    about:
      'The Abyssinian was developed in Britain in the late nineteenth century, and its foundation is often traced to a cat called Zula, brought back from Abyssinia (now Ethiopia) in 1868. Genetic studies point instead to an origin around the coasts of the Indian Ocean and South-East Asia. Its hallmark is the ticked (agouti) coat, in which every hair carries two or three dark bands, giving a warm, glowing colour without stripes on the body. It is a lithe, medium-sized foreign type with a gently wedge-shaped head, large alert ears and almond-shaped gold or green eyes.',
    temperament:
      'Abyssinians are intensely curious, athletic cats that like to climb to the highest point in a room and supervise everything their owners do. They are people-oriented without being lap cats, and a bored Abyssinian will invent its own entertainment. Their voice is soft and used sparingly.',
    health_and_development:
      'Kittens are born dark and their ticking "clears" gradually, so the adult coat colour is often not fully developed until around 18 months of age. They are lean, high-energy cats that need a protein-rich diet, daily climbing and play, and regular tooth brushing because the breed is prone to gum disease.',
    health_challenges:
      'The breed carries rdAc progressive retinal atrophy (a CEP290 mutation causing gradual blindness) and erythrocyte pyruvate kinase (PK) deficiency, a cause of haemolytic anaemia. Renal amyloidosis, patellar luxation and gingivitis/periodontal disease are also seen more often than in the general cat population.',
    health_tests: 'Responsible breeders DNA-test for rdAc-PRA (CEP290) and PK deficiency, and blood-type their breeding cats.',
    look: { base: '#b5652b', accent: '#5a2e12', pattern: 'ticked', eyes: '#c9a227', fur: 'short', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'American Curl',
    universal_breed_abbreviation: 'ACL',
    activity_level: 'Active',
    grooming_level: 'Low',
    vocality: 'Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-16 years',
    colors: 'Black, White, Blue, Red, Cream, Chocolate, Lilac, Tabby, Tortoiseshell, Bicolour, Smoke, Shaded, Colourpoint',
    coat_length: 'Long',
    body_type: 'Medium, Muscular',
    shedding_level: 'Some',
    independence_level: 'Moderately Independent',
    about:
      'The American Curl traces back to Shulamith, a long-haired black stray with curled-back ears adopted by Joe and Grace Ruga in Lakewood, California, in 1981. The curl is caused by a dominant gene, so breeders have been able to outcross to ordinary domestic cats and keep the gene pool wide. The ears arc back smoothly between 90 and 180 degrees and should feel firm at the base. It is a medium-sized, moderately muscled cat with walnut-shaped eyes, and comes in both a semi-longhaired and a shorthaired coat.',
    temperament:
      'Curls are often described as staying kitten-like well into adulthood: playful, inquisitive and keen to join in with family life. They are affectionate and adaptable without being demanding, and have a quiet voice.',
    health_and_development:
      'Kittens are born with straight ears that begin to curl within the first week, and the final degree of curl is not set until around four months of age. The breed has no special dietary needs, but the ears should be handled gently and never forced flat, as the curled cartilage can be damaged.',
    health_challenges:
      'No breed-specific inherited disease is documented, and the curl gene has not been linked to other skeletal problems. The narrow, curved ear canals can collect wax and need checking.',
    health_tests: 'There is no breed-specific DNA test; breeders rely on veterinary health checks including ear examination, and blood-type before matings.',
    look: { base: '#1c1c1c', accent: '#2e2e2e', pattern: 'solid', eyes: '#d4a62a', fur: 'long', ears: 'curled', tail: 'normal' },
  },
  {
    breed_name: 'American Shorthair',
    universal_breed_abbreviation: 'ASH',
    activity_level: 'Moderate',
    grooming_level: 'Low',
    vocality: 'Quiet',
    habitat: 'Both',
    life_expectancy: '15-20 years',
    colors: 'Silver Tabby, Brown Tabby, Red Tabby, Blue Tabby, Cream Tabby, Black, White, Blue, Red, Cream, Tortoiseshell, Calico, Bicolour, Smoke, Shaded Silver',
    coat_length: 'Short',
    body_type: 'Large, Muscular',
    shedding_level: 'Some',
    independence_level: 'Very Independent',
    about:
      "The American Shorthair descends from the working cats that travelled with European settlers to North America to keep ships and farms free of rodents. It was one of the first breeds registered by the Cat Fanciers' Association, originally as the Domestic Shorthair, and took its present name in 1966. It is a medium-to-large, powerfully built cat with a broad head, full cheeks and a thick, dense, hard-textured coat. The silver classic tabby, with black swirls on a bright silver ground, is the best-known colour.",
    temperament:
      "American Shorthairs are easygoing, even-tempered cats that get on well with children and other pets. They enjoy company but are content to sit nearby rather than on a lap, and they keep a good share of their ancestors' hunting instinct.",
    health_and_development:
      'The breed matures slowly and may not reach its full size and muscular build until three to four years of age. It is prone to gaining weight, so meals should be measured and play encouraged, especially for indoor cats.',
    health_challenges:
      'American Shorthairs are a hardy breed, but hypertrophic cardiomyopathy (HCM) has been documented in the breed. Obesity is the commonest avoidable problem.',
    health_tests: 'Responsible breeders screen breeding cats for HCM by echocardiogram and blood-type before matings.',
    look: { base: '#c4c4be', accent: '#1f1f1f', pattern: 'tabby', eyes: '#5f9a3f', fur: 'short', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'Balinese',
    universal_breed_abbreviation: 'BAL',
    activity_level: 'Very Active',
    grooming_level: 'Low',
    vocality: 'Loud',
    habitat: 'Indoor',
    life_expectancy: '15-20 years',
    colors: 'Seal Point, Blue Point, Chocolate Point, Lilac Point, Red Point, Cream Point, Tortie Point, Tabby (Lynx) Point',
    coat_length: 'Long',
    body_type: 'Medium, Slender',
    shedding_level: 'Minimal',
    independence_level: 'Very Dependent',
    about:
      "The Balinese is, in effect, a longhaired Siamese: long-coated kittens occasionally appeared in Siamese litters, and breeders in the United States began developing them deliberately in the 1950s. Helen Smith named them after the graceful temple dancers of Bali, and the Cat Fanciers' Association recognised the breed in 1970. It has the svelte, tubular body, long wedge-shaped head, large ears and vivid blue almond eyes of the Siamese. Its fine, silky single coat lies close to the body and ends in a plumed tail.",
    temperament:
      'Balinese are highly intelligent, sociable and talkative, and follow their people from room to room expecting to be involved. Their voice is said to be a little softer than the Siamese, but they are still among the most vocal breeds. They dislike being left alone for long periods.',
    health_and_development:
      'Kittens are born pale and their points darken over the first couple of years, while the full plume of the tail and coat can take around 18 months to develop. They are lean and very active, so they need plenty of interactive play and a diet that keeps them slim rather than padded.',
    health_challenges:
      "The breed shares the Siamese family's inherited risks, including rdAc progressive retinal atrophy (CEP290), familial amyloidosis and a tendency to dental disease.",
    health_tests: 'Responsible breeders DNA-test breeding cats for rdAc-PRA (CEP290) and have their teeth and eyes checked by a veterinarian.',
    look: { base: '#efe3cc', accent: '#3b2a20', pattern: 'pointed', eyes: '#3f6fd1', fur: 'long', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'Bengal',
    universal_breed_abbreviation: 'BEN',
    activity_level: 'Very Active',
    grooming_level: 'Low',
    vocality: 'Vocal',
    habitat: 'Both',
    life_expectancy: '12-16 years',
    colors: 'Brown Spotted, Brown Marbled, Seal Lynx Point, Seal Mink, Seal Sepia, Silver Spotted, Silver Marbled',
    coat_length: 'Short',
    body_type: 'Large, Muscular',
    shedding_level: 'Minimal',
    independence_level: 'Moderately Independent',
    about:
      "The Bengal was developed in the United States from crosses between the wild Asian leopard cat (Prionailurus bengalensis) and domestic cats, with Jean Mill's breeding programme of the 1970s and 1980s the best known. The International Cat Association accepted it in the 1980s, and today's pet Bengals are many generations removed from their wild ancestor. Its short, dense, pelt-like coat is spotted with rosettes or swirled in a marbled pattern, often with a glittering sheen. It is a large, athletic cat with a long, muscular body, a broad nose and small rounded ears.",
    temperament:
      'Bengals are confident, energetic and intelligent, and need daily outlets for climbing, chasing and problem-solving. Many are fascinated by water and enjoy learning tricks or walking on a harness. They are communicative cats with a wide range of chirps and calls.',
    health_and_development:
      'Kittens often go through a "fuzzy" stage at around three to six months when the pattern is blurred by longer hairs, and the adult coat and full size are reached at about 18 months to two years. They thrive on a high-protein diet and several vigorous play sessions a day; a safe enclosure or supervised outdoor time suits them well.',
    health_challenges:
      'Hypertrophic cardiomyopathy (HCM), erythrocyte pyruvate kinase (PK) deficiency and a breed-specific progressive retinal atrophy (PRA-b) occur in the breed. Flat-chested kitten syndrome is also reported.',
    health_tests: 'Responsible breeders DNA-test for PK deficiency and PRA-b and screen breeding cats for HCM by regular echocardiogram.',
    look: { base: '#c8903f', accent: '#2b1a0e', pattern: 'spotted', eyes: '#a8a43a', fur: 'short', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'Birman',
    universal_breed_abbreviation: 'SBI',
    activity_level: 'Calm',
    grooming_level: 'Medium',
    vocality: 'Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-16 years',
    colors: 'Seal Point, Blue Point, Chocolate Point, Lilac Point, Red Point, Cream Point, Tortie Point, Tabby Point',
    coat_length: 'Long',
    body_type: 'Medium, Cobby',
    shedding_level: 'Some',
    independence_level: 'Very Dependent',
    about:
      'Known as the Sacred Cat of Burma, the Birman is linked by legend to temple cats in Burma, but the breed as we know it was developed in France in the 1920s. It almost disappeared during the Second World War and was rebuilt from a handful of survivors, reaching Britain\'s GCCF in 1966 and the CFA in 1967. It is a colourpointed, semi-longhaired cat with deep blue eyes, a strong Roman nose and a long, sturdy body. Its signature is the pure white "gloves" on all four paws, extending up the back of the hind legs as "laces".',
    temperament:
      'Birmans are gentle, even-tempered and affectionate, happy to follow their people about and join in quietly. They are playful without being boisterous and usually get on well with children and other pets. Their voice is soft and seldom used.',
    health_and_development:
      'Kittens are born almost white and their points develop over the first year or two, and the breed reaches full size at around three years. The silky coat has little undercoat and rarely mats, but a weekly comb is still needed, and as calm indoor cats they should be fed to keep a trim waist.',
    health_challenges:
      'Birmans are generally healthy, but the breed has low genetic diversity and a relatively high proportion of blood type B cats, which risks neonatal isoerythrolysis in mismatched matings. Congenital hypotrichosis and corneal dermoids occur rarely, and the breed appears predisposed to feline infectious peritonitis (FIP).',
    health_tests: 'Responsible breeders blood-type all breeding cats, and many also screen for HCM by echocardiogram.',
    look: { base: '#efe6d2', accent: '#4a3426', pattern: 'pointed', eyes: '#2f5fc4', fur: 'long', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'Bombay',
    universal_breed_abbreviation: 'BOM',
    activity_level: 'Moderate',
    grooming_level: 'Low',
    vocality: 'Vocal',
    habitat: 'Indoor',
    life_expectancy: '12-16 years',
    colors: 'Black',
    coat_length: 'Short',
    body_type: 'Medium, Muscular',
    shedding_level: 'Minimal',
    independence_level: 'Very Dependent',
    about:
      'The Bombay was created in the 1950s by Nikki Horner of Louisville, Kentucky, who crossed sable Burmese with black American Shorthairs to produce a "miniature panther". The Cat Fanciers\' Association accepted it in 1970; a separate British Bombay was developed in the UK from Burmese and black domestic shorthairs. It is a medium-sized, surprisingly heavy cat with a rounded head and body. The close-lying black coat has a patent-leather sheen, set off by copper to gold eyes.',
    temperament:
      'Bombays are sociable, attention-loving cats that like to follow their owners and settle on a warm lap. They are playful, can learn to fetch and walk on a lead, and will talk to get attention.',
    health_and_development:
      'Kittens can show a rusty tinge or faint markings, and the jet-black coat and deep copper eye colour develop over the first one to two years. Bombays have hearty appetites and a tendency to put on weight, so portions should be measured.',
    health_challenges:
      'Lines descended from contemporary American Burmese can carry the Burmese head defect, a lethal craniofacial malformation, and hypertrophic cardiomyopathy (HCM) has been reported. Their shorter muzzle can also cause some tear overflow.',
    health_tests: 'Responsible breeders DNA-test for the Burmese head defect (ALX1) and screen breeding cats for HCM by echocardiogram.',
    look: { base: '#1b1b1b', accent: '#2d2d2d', pattern: 'solid', eyes: '#c98b2b', fur: 'short', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'British Longhair',
    universal_breed_abbreviation: 'BLH',
    activity_level: 'Calm',
    grooming_level: 'High',
    vocality: 'Very Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-17 years',
    colors: 'Blue, Black, White, Cream, Red, Chocolate, Lilac, Cinnamon, Fawn, Tabby, Bicolour, Colourpoint, Tortoiseshell, Silver Shaded, Golden',
    coat_length: 'Long',
    body_type: 'Large, Cobby',
    shedding_level: 'Substantial',
    independence_level: 'Very Independent',
    about:
      'The British Longhair is the semi-longhaired counterpart of the British Shorthair. Longhaired kittens appeared in British lines because Persians were used as outcrosses after the World Wars, and these cats were eventually developed as a breed of their own, now recognised by TICA, WCF and FIFe. It shares the British type: a round head with full cheeks, small ears, large round eyes and a compact, heavy-boned body. The dense, standing coat is of medium length with a thick undercoat.',
    temperament:
      'British Longhairs are calm, easygoing and undemanding, affectionate on their own terms and rarely keen to be picked up. They cope well with being left alone during the day and have very quiet voices.',
    health_and_development:
      'Like the British Shorthair, the breed is slow to mature and may not reach full size until three to five years old. Its thick undercoat needs brushing several times a week, more during the seasonal moult, and its low activity means calorie intake should be watched closely.',
    health_challenges:
      'Because of the Persian outcrosses, polycystic kidney disease (PKD) can occur, and hypertrophic cardiomyopathy (HCM) is seen in British lines. A high proportion of blood type B cats makes neonatal isoerythrolysis a risk, and obesity is common.',
    health_tests: 'Responsible breeders use the PKD DNA test, screen for HCM by echocardiogram and blood-type all breeding cats.',
    look: { base: '#8a93a0', accent: '#6e7784', pattern: 'solid', eyes: '#d0862a', fur: 'long', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'British Shorthair',
    universal_breed_abbreviation: 'BSH',
    activity_level: 'Calm',
    grooming_level: 'Low',
    vocality: 'Very Quiet',
    habitat: 'Both',
    life_expectancy: '12-17 years',
    colors: 'Blue, Black, White, Cream, Red, Chocolate, Lilac, Cinnamon, Fawn, Tabby, Spotted, Bicolour, Colourpoint, Tortoiseshell, Smoke, Silver Shaded, Golden',
    coat_length: 'Short',
    body_type: 'Large, Cobby',
    shedding_level: 'Some',
    independence_level: 'Very Independent',
    about:
      'The British Shorthair descends from the street and farm cats of Britain and was among the first pedigree breeds, championed by Harrison Weir and exhibited at the first cat show at Crystal Palace in 1871. After numbers collapsed in the World Wars, breeders restored it with outcrosses, notably to Persians. It is a compact, powerful cat with a broad chest, short thick legs, a round head with full cheeks and large round eyes. Its dense, crisp, plush coat is most famous in blue, the "British Blue" with copper eyes.',
    temperament:
      'British Shorthairs are placid, dignified and undemanding cats that like to be near their people rather than on them, and most dislike being carried. They are tolerant with children and other pets and are content with their own company.',
    health_and_development:
      'The breed is slow to mature, with males often not reaching full size and cheek development until three to five years old. British Shorthairs are not very active and gain weight easily, so measured meals and daily play are important.',
    health_challenges:
      'Hypertrophic cardiomyopathy (HCM) and, from Persian outcrosses, polycystic kidney disease (PKD) occur in the breed. A high proportion of British Shorthairs are blood type B, so kittens from mismatched matings risk neonatal isoerythrolysis.',
    health_tests: 'Responsible breeders use the PKD DNA test, screen for HCM by echocardiogram and blood-type all breeding cats.',
    look: { base: '#7f8b99', accent: '#667180', pattern: 'solid', eyes: '#d2872b', fur: 'short', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'Burmese',
    universal_breed_abbreviation: 'BUR',
    activity_level: 'Active',
    grooming_level: 'Low',
    vocality: 'Vocal',
    habitat: 'Indoor',
    life_expectancy: '12-18 years',
    colors: 'Brown (Sable), Blue, Chocolate (Champagne), Lilac (Platinum), Red, Cream, Brown Tortie, Blue Tortie, Chocolate Tortie, Lilac Tortie',
    coat_length: 'Short',
    body_type: 'Medium, Muscular',
    shedding_level: 'Minimal',
    independence_level: 'Very Dependent',
    about:
      'The Burmese descends from Wong Mau, a small brown cat brought from Burma to San Francisco by Dr Joseph Thompson in 1930 and mated with Siamese. The breed later divided into a rounder-headed American type and a more moderate, slightly oriental European type. It is a compact, muscular cat that feels surprisingly heavy for its size. The short, fine, satin-like coat is darker on the points and lighter underneath, and the eyes are yellow to gold.',
    temperament:
      'Burmese are extrovert, devoted and persistent: they want to be involved in everything and will follow their people and seek out laps. They are playful well into old age, dislike being left alone and have a distinctive, raspy voice.',
    health_and_development:
      'The coat colour deepens and the muscular build fills out over the first two years. Burmese love their food and are prone to weight gain and diabetes, so they should be kept lean with measured, high-protein meals and plenty of play.',
    health_challenges:
      'Known conditions include hypokalaemic polymyopathy (low blood potassium causing muscle weakness), the Burmese head defect in American lines, GM2 gangliosidosis, diabetes mellitus and feline orofacial pain syndrome. Flat-chested kitten syndrome also occurs.',
    health_tests: 'Responsible breeders DNA-test for hypokalaemia (WNK4), the Burmese head defect (ALX1) and GM2 gangliosidosis, and blood-type breeding cats.',
    look: { base: '#4a2f1d', accent: '#2e1c10', pattern: 'solid', eyes: '#e0a526', fur: 'short', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'Burmilla',
    universal_breed_abbreviation: 'BML',
    activity_level: 'Moderate',
    grooming_level: 'Low',
    vocality: 'Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-16 years',
    colors:
      'Black Shaded Silver, Blue Shaded Silver, Brown Shaded Silver, Chocolate Shaded Silver, Lilac Shaded Silver, Red Shaded Silver, Cream Shaded Silver, Tortie Shaded Silver, Tipped Silver, Golden Shaded',
    coat_length: 'Short',
    body_type: 'Medium, Muscular',
    shedding_level: 'Some',
    independence_level: 'Moderately Independent',
    about:
      'The Burmilla began with an accidental mating in Britain in 1981 between a chinchilla Persian male, Sanquist, and a lilac Burmese female, Faberge, owned by Baroness Miranda von Kirchberg. The resulting shaded silver kittens were so attractive that a breeding programme followed, and the breed became part of the GCCF\'s Asian group. It is a medium-sized, elegant but solid cat with a gently rounded head and a short, soft, silky coat. The shading or tipping shows against a pale ground, and the nose, lips and large green eyes are outlined in dark "make-up".',
    temperament:
      "Burmillas combine the Burmese's sociability with the Persian's calm: affectionate, playful and gentle, but less demanding than a Burmese. They enjoy company and get on well with children and other pets.",
    health_and_development:
      'The tipping and clear ground colour develop over the first year, and the green eye colour can take up to two years to settle. The breed has no special requirements beyond a balanced diet and daily play to keep it trim.',
    health_challenges:
      'Polycystic kidney disease (PKD) can be inherited from the Persian side, and Burmese ancestry means hypokalaemia can occur; allergies are also reported.',
    health_tests: 'Responsible breeders use the PKD DNA test and the hypokalaemia (WNK4) DNA test on breeding cats.',
    look: { base: '#dcdcd8', accent: '#4a4a4a', pattern: 'shaded', eyes: '#5fa84a', fur: 'short', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'Chartreux',
    universal_breed_abbreviation: 'CHA',
    activity_level: 'Calm',
    grooming_level: 'Medium',
    vocality: 'Very Quiet',
    habitat: 'Both',
    life_expectancy: '12-15 years',
    colors: 'Blue',
    coat_length: 'Short',
    body_type: 'Large, Muscular',
    shedding_level: 'Substantial',
    independence_level: 'Moderately Independent',
    about:
      'The Chartreux is an old French breed of blue cat, described by the naturalist Buffon in the eighteenth century; the popular story linking it to the Carthusian monks of the Grande Chartreuse is unproven. The modern breed was founded in the 1920s by the Léger sisters from a colony of blue cats on Belle-Île off the Brittany coast. It is a robust, broad-shouldered cat on comparatively fine legs, often described as a "potato on toothpicks", with a rounded head and a gentle, smiling expression. Its woolly, water-repellent double coat is any shade of blue-grey, and the eyes are copper to deep orange.',
    temperament:
      'Chartreux are calm, observant and devoted, often attaching themselves to one person and following them quietly about the house. They are skilled hunters and playful in bursts, and are famously quiet, often communicating with little chirps.',
    health_and_development:
      'This is a slow-maturing breed that may take three to five years to reach its full size and coat. The dense coat needs extra combing during the seasonal moult, and they can become overweight if under-exercised.',
    health_challenges: 'The Chartreux is a generally healthy breed; patellar luxation (slipping kneecaps) is the main inherited problem reported.',
    health_tests:
      'There is no breed-specific DNA test; responsible breeders have the knees of breeding cats examined for patellar luxation, and some also screen for HCM by echocardiogram.',
    look: { base: '#7f8a96', accent: '#6a7480', pattern: 'solid', eyes: '#d9822b', fur: 'short', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'Cornish Rex',
    universal_breed_abbreviation: 'CRX',
    activity_level: 'Very Active',
    grooming_level: 'Low',
    vocality: 'Vocal',
    habitat: 'Indoor',
    life_expectancy: '11-15 years',
    colors: 'Black, White, Blue, Red, Cream, Chocolate, Lilac, Tabby, Tortoiseshell, Calico, Bicolour, Smoke, Colourpoint',
    coat_length: 'Short',
    body_type: 'Small, Slender',
    shedding_level: 'Minimal',
    independence_level: 'Very Dependent',
    about:
      'The Cornish Rex began in 1950 with Kallibunker, a curly-coated kitten born on a farm in Cornwall to a cat owned by Nina Ennismore. The curl is caused by a recessive gene (in LPAR6) different from that of the Devon Rex. The coat has no guard hairs at all, only soft down lying in tight, even "marcel" waves, and even the whiskers are curly. The breed has a racy, greyhound-like body with a tucked-up waist, long legs, an egg-shaped head with a Roman nose and large, high-set ears.',
    temperament:
      'Cornish Rexes are lively, acrobatic and clownish, love games of fetch and stay playful for life. They are very people-oriented and like to be in the middle of family activity, often seeking warmth on a lap or under the covers.',
    health_and_development:
      'The kitten coat can look patchy before the adult waves settle in during the first year. With little insulating hair and a high metabolism they need more calories than their size suggests, a warm home and protection from cold and strong sun.',
    health_challenges:
      'No single serious inherited disease is widespread in the breed, though hypertrophic cardiomyopathy (HCM) has been reported and a high proportion of cats are blood type B, which risks neonatal isoerythrolysis. The thin coat makes the skin prone to sunburn and oily build-up.',
    health_tests: 'Responsible breeders blood-type all breeding cats and screen them for HCM by echocardiogram.',
    look: { base: '#222222', accent: '#f3efe7', pattern: 'bicolour', eyes: '#d1a32e', fur: 'curly', ears: 'large', tail: 'normal' },
  },
  {
    breed_name: 'Devon Rex',
    universal_breed_abbreviation: 'DRX',
    activity_level: 'Active',
    grooming_level: 'Low',
    vocality: 'Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-15 years',
    colors: 'Black, White, Blue, Red, Cream, Chocolate, Lilac, Cinnamon, Tabby, Tortoiseshell, Bicolour, Smoke, Colourpoint',
    coat_length: 'Short',
    body_type: 'Medium, Slender',
    shedding_level: 'Minimal',
    independence_level: 'Very Dependent',
    about:
      "The Devon Rex was discovered in 1959 in Buckfastleigh, Devon, when Beryl Cox's cat produced a curly-coated kitten named Kirlee, fathered by a curly feral tom. Test matings with Cornish Rexes produced straight coats, proving it was a different gene, now known to be a variant of KRT71. The short, soft coat lies in loose waves and is sparse in places, and the whiskers are short and brittle. With its short muzzle, huge low-set ears, large eyes and slender body, the breed has a distinctly pixie-like look.",
    temperament:
      'Devon Rexes are mischievous, affectionate and highly social, and like to perch on shoulders and join in with whatever their people are doing. They are playful and clever, but their voices are fairly quiet.',
    health_and_development:
      'Kittens often go through thin or almost bald patches while the adult coat comes in, and the coat is not settled until they are six to twelve months old or older. Their high metabolism makes them enthusiastic eaters, and their large ears and oily skin need regular gentle cleaning.',
    health_challenges:
      'The breed carries congenital myasthenic syndrome (Devon Rex myopathy, COLQ), and hypertrophic cardiomyopathy (HCM), patellar luxation and hip dysplasia are reported. Many Devons are blood type B, and urticaria pigmentosa and Malassezia skin problems also occur.',
    health_tests:
      'Responsible breeders DNA-test for congenital myasthenic syndrome (COLQ), screen for HCM by echocardiogram, check knees for patellar luxation and blood-type breeding cats.',
    look: { base: '#2a211c', accent: '#3a2a20', pattern: 'tortoiseshell', eyes: '#c9a43a', fur: 'curly', ears: 'large', tail: 'normal' },
  },
  {
    breed_name: 'Egyptian Mau',
    universal_breed_abbreviation: 'MAU',
    activity_level: 'Very Active',
    grooming_level: 'Low',
    vocality: 'Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-15 years',
    colors: 'Silver, Bronze, Smoke',
    coat_length: 'Short',
    body_type: 'Medium, Muscular',
    shedding_level: 'Some',
    independence_level: 'Moderately Independent',
    about:
      'The modern Egyptian Mau descends from cats that the exiled Russian princess Nathalie Troubetskoy brought from Egypt, via Italy, to the United States in 1956; the CFA recognised the breed in 1977. It resembles the spotted cats of ancient Egyptian art and is the only naturally spotted domestic breed. Random spots cover the body, with a "scarab" M on the forehead, and its large "gooseberry green" eyes give a slightly worried expression. A loose flap of skin runs from flank to hind knee and the hind legs are longer than the front, giving the breed exceptional speed.',
    temperament:
      'Maus are loyal and affectionate with their own family but often reserved with strangers. They are intensely active hunters and players, and express themselves with soft, melodious chirps rather than loud calls.',
    health_and_development:
      'Maus mature slowly, and kittens often pass through an untidy "fuzzy" stage; the eyes may keep an amber cast until about 18 months before turning fully green. They are athletic cats that need a high-quality, protein-rich diet and room to run and climb.',
    health_challenges:
      'The mutation for erythrocyte pyruvate kinase (PK) deficiency has been found in the breed; otherwise the Egyptian Mau has no well-documented breed-specific disease.',
    health_tests: 'Responsible breeders DNA-test breeding cats for PK deficiency, and many also screen for HCM by echocardiogram.',
    look: { base: '#c9cac6', accent: '#2a2a2a', pattern: 'spotted', eyes: '#8cc63f', fur: 'short', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'European Shorthair',
    universal_breed_abbreviation: 'EUR',
    activity_level: 'Active',
    grooming_level: 'Low',
    vocality: 'Quiet',
    habitat: 'Outdoor',
    life_expectancy: '15-20 years',
    colors: 'Black, Blue, Red, Cream, White, Tortoiseshell, Blue-Cream, Brown Tabby, Silver Tabby, Red Tabby, Smoke, Bicolour',
    coat_length: 'Short',
    body_type: 'Medium, Muscular',
    shedding_level: 'Some',
    independence_level: 'Very Independent',
    about:
      'The European Shorthair was developed from the natural domestic cats of continental Europe, particularly Scandinavia, and was recognised by FIFe as a breed separate from the British Shorthair in 1982, at first under the name Celtic Shorthair. Unlike the British, it was bred without Persian outcrosses, so it keeps the look of a strong, natural working cat. It is medium to large and muscular, with a rounded head that is slightly longer than the British type and round, wide-set eyes. Chocolate, lilac, cinnamon, fawn and colourpoint are not permitted, keeping it to the colours found in European farm cats.',
    temperament:
      'European Shorthairs are adaptable, intelligent and self-reliant, friendly with their family without demanding constant attention. They keep a strong hunting instinct and are happiest with space to explore.',
    health_and_development:
      'The breed reaches its full size and muscle at around two to three years. It thrives with room to roam and hunt, and indoor cats need play and controlled portions to avoid weight gain.',
    health_challenges: 'Bred from a broad, natural gene pool, the European Shorthair has no notable breed-specific inherited disease.',
    health_tests: 'There is no breed-specific DNA test; breeders rely on routine veterinary checks and blood typing before matings.',
    look: { base: '#7d6a52', accent: '#2a2118', pattern: 'tabby', eyes: '#c9962b', fur: 'short', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'Exotic Shorthair',
    universal_breed_abbreviation: 'EXO',
    activity_level: 'Very Calm',
    grooming_level: 'Medium',
    vocality: 'Very Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-15 years',
    colors: 'Black, White, Blue, Red, Cream, Chocolate, Lilac, Tabby, Tortoiseshell, Calico, Bicolour, Smoke, Shaded, Chinchilla, Colourpoint',
    coat_length: 'Short',
    body_type: 'Medium, Cobby',
    shedding_level: 'Substantial',
    independence_level: 'Moderately Independent',
    about:
      'The Exotic Shorthair was developed in the United States in the 1950s and 1960s by crossing Persians with American Shorthairs, and the CFA recognised it in 1967. The aim was a Persian in every respect except the coat, and it is often called "the lazy man\'s Persian". It has the Persian\'s round head, short snub nose, small ears, large round eyes and heavy-boned, cobby body. The coat is short but dense and plush, standing away from the body with a thick undercoat.',
    temperament:
      'Exotics are placid, sweet-natured and loyal, a little livelier and more playful than Persians but still content to spend much of the day resting. They are undemanding companions with soft, rarely used voices.',
    health_and_development:
      'Exotics mature slowly, reaching full size and head development at around two years. Their flat faces can make picking up food harder, so shaped kibble or shallow dishes help; the eyes need daily wiping and the dense coat a weekly comb, and their low activity means weight should be watched.',
    health_challenges:
      'Polycystic kidney disease (PKD) is inherited from the Persian, and the flat face brings brachycephalic problems: narrowed nostrils and breathing difficulty, tear overflow, and dental crowding. Hypertrophic cardiomyopathy (HCM) also occurs.',
    health_tests: 'Responsible breeders use the PKD DNA test (or kidney ultrasound), screen for HCM by echocardiogram and blood-type breeding cats.',
    look: { base: '#d98b3e', accent: '#a4561f', pattern: 'tabby', eyes: '#c7772a', fur: 'short', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'Havana Brown',
    universal_breed_abbreviation: 'HAV',
    activity_level: 'Moderate',
    grooming_level: 'Low',
    vocality: 'Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-15 years',
    colors: 'Brown, Lilac',
    coat_length: 'Short',
    body_type: 'Medium, Muscular',
    shedding_level: 'Minimal',
    independence_level: 'Very Dependent',
    about:
      'The Havana Brown was created in Britain in the 1950s by crossing Siamese with black shorthairs to produce a solid chocolate cat, first recognised by the GCCF in 1958 as the Chestnut Brown Foreign. In Britain it developed into the oriental-type Havana, while cats exported to North America were bred to a distinct, more moderate type, recognised by the CFA in 1964. It is a medium-sized, firmly muscled cat with a distinctive muzzle, large forward-tilted ears and oval green eyes. The short, glossy coat is a rich, even mahogany brown, with brown whiskers to match.',
    temperament:
      'Havana Browns are gentle, intelligent and very people-focused, and characteristically reach out with a paw to investigate things or attract attention. They are playful without being hyperactive and have a soft voice.',
    health_and_development:
      'Kittens may show faint ghost tabby markings and paler colour, and the eyes turn to their adult green during the first year. They need no special diet, but as sociable cats they do best with company and daily interactive play.',
    health_challenges:
      'No breed-specific inherited disease is well documented, but the very small gene pool is a real concern, which is why the CFA allows approved outcrosses.',
    health_tests: 'There is no breed-specific DNA test; responsible breeders rely on veterinary health checks, blood typing and careful management of genetic diversity.',
    look: { base: '#6b3a22', accent: '#5a2f1b', pattern: 'solid', eyes: '#5fa04a', fur: 'short', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'Japanese Bobtail',
    universal_breed_abbreviation: 'JBT',
    activity_level: 'Very Active',
    grooming_level: 'Low',
    vocality: 'Vocal',
    habitat: 'Both',
    life_expectancy: '15-18 years',
    colors: 'Mi-ke (Calico), Tortoiseshell, Black and White, Red and White, Van, White, Black, Red, Tabby',
    coat_length: 'Short',
    body_type: 'Medium, Slender',
    shedding_level: 'Some',
    independence_level: 'Moderately Independent',
    about:
      'Bobtailed cats have lived in Japan for centuries and appear in traditional art and in the beckoning maneki-neko figures. The breed was brought to the United States in 1968 by Elizabeth Freret and was granted CFA championship status in 1976, with the longhaired variety following in 1993. Its short, kinked "pom-pom" tail is caused by a dominant gene and is unique to each cat. It is a medium-sized, long and lean but muscular cat with high cheekbones, large oval eyes and longer hind legs, and the tricolour mi-ke is the most prized pattern.',
    temperament:
      'Japanese Bobtails are lively, confident and inquisitive, love to play fetch and carry toys about, and adapt readily to new people and situations. They are talkative, with a soft "singing" voice and a wide range of tones.',
    health_and_development:
      'Kittens are active and adventurous from an early age, and the tail kink is present from birth. They are lean, energetic cats that do best with a protein-rich diet, plenty of play and, ideally, safe access to the outdoors.',
    health_challenges:
      'The breed has no notable breed-specific inherited disease, and unlike the Manx gene, the bobtail gene is not associated with spinal or bowel problems. The tail should still be handled gently.',
    health_tests: 'There is no breed-specific DNA test; breeders rely on routine veterinary checks and blood typing before matings.',
    look: { base: '#f4efe6', accent: '#1f1b18', pattern: 'tortoiseshell', eyes: '#d2a230', fur: 'short', ears: 'normal', tail: 'bob' },
  },
  {
    breed_name: 'Korat',
    universal_breed_abbreviation: 'KOR',
    activity_level: 'Moderate',
    grooming_level: 'Low',
    vocality: 'Quiet',
    habitat: 'Indoor',
    life_expectancy: '15-20 years',
    colors: 'Silver-tipped Blue',
    coat_length: 'Short',
    body_type: 'Small, Muscular',
    shedding_level: 'Minimal',
    independence_level: 'Very Dependent',
    about:
      'The Korat is an ancient breed from Thailand, named after the province of Korat (Nakhon Ratchasima) and depicted in the Tamra Maew, a manuscript of cat poems from the Ayutthaya period. Known there as the Si-Sawat, it is a symbol of good fortune and is traditionally given in pairs as a wedding gift. The first Korats reached the United States in 1959 and the CFA recognised the breed in 1966. It is a small-to-medium, semi-cobby cat that is surprisingly heavy, with a heart-shaped face, large luminous green eyes and a single coat of blue hairs tipped with silver.',
    temperament:
      'Korats bond closely with their families and like to be involved, but are gentle and sensitive, disliking loud, sudden noises. They are intelligent, playful and generally quiet.',
    health_and_development:
      'The Korat matures slowly: kittens have amber eyes that turn green gradually, often not reaching full colour until two to four years. The close-lying single coat needs little grooming, and they have no special dietary needs beyond a balanced diet.',
    health_challenges:
      'The breed carries two inherited storage diseases, GM1 and GM2 gangliosidosis, which cause fatal progressive neurological signs in affected kittens.',
    health_tests: 'Responsible breeders DNA-test all breeding cats for GM1 and GM2 gangliosidosis.',
    look: { base: '#808b95', accent: '#aab2b9', pattern: 'solid', eyes: '#6fb23a', fur: 'short', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'LaPerm',
    universal_breed_abbreviation: 'LPL',
    activity_level: 'Active',
    grooming_level: 'Low',
    vocality: 'Quiet',
    habitat: 'Both',
    life_expectancy: '12-15 years',
    colors: 'Black, White, Blue, Red, Cream, Chocolate, Lilac, Cinnamon, Fawn, Tabby, Tortoiseshell, Bicolour, Colourpoint',
    coat_length: 'Long',
    body_type: 'Medium, Slender',
    shedding_level: 'Minimal',
    independence_level: 'Moderately Independent',
    about:
      "The LaPerm began in 1982 on a farm in The Dalles, Oregon, when Linda Koehl's barn cat Speedy produced a bald kitten, Curly, who grew a soft, curly coat. The curl is caused by a dominant gene, and breeders have outcrossed to domestic cats to keep the breed genetically diverse. The longhaired LaPerm has loose, springy curls and ringlets, thickest on the neck ruff and plumed tail, and a coat that feels soft and light. It is a medium-sized, semi-foreign cat with a modified wedge head, medium-large ears and expressive almond-shaped eyes.",
    temperament:
      'LaPerms are affectionate, gentle and curious, happy to be held yet also active and playful. They like to be near their people without being demanding, and are fairly quiet.',
    health_and_development:
      'Kittens may be born bald, straight-coated or curly, and many lose and regrow their coat before the adult curls develop, sometimes not until two years. The coat needs only occasional light combing, and the breed has no special dietary needs.',
    health_challenges:
      'The LaPerm is generally healthy with no well-documented breed-specific disease, though the mutation for erythrocyte pyruvate kinase (PK) deficiency has been found in the breed.',
    health_tests: 'Responsible breeders DNA-test breeding cats for PK deficiency and blood-type before matings.',
    look: { base: '#cf8544', accent: '#f5efe6', pattern: 'bicolour', eyes: '#c9a227', fur: 'curly', ears: 'normal', tail: 'normal' },
  },
  {
    breed_name: 'Maine Coon',
    universal_breed_abbreviation: 'MCO',
    activity_level: 'Moderate',
    grooming_level: 'Medium',
    vocality: 'Vocal',
    habitat: 'Outdoor',
    life_expectancy: '12-15 years',
    colors: 'Brown Tabby, Red Tabby, Silver Tabby, Blue Tabby, Cream Tabby, Black, White, Blue, Red, Cream, Tortoiseshell, Calico, Bicolour, Smoke, Shaded',
    coat_length: 'Long',
    body_type: 'Large, Muscular',
    shedding_level: 'Substantial',
    independence_level: 'Moderately Independent',
    about:
      "The Maine Coon is one of North America's oldest natural breeds, a working farm and ship's cat adapted to the harsh New England winters; tales of raccoon or bobcat ancestry are myth, and it probably descends from longhaired cats brought by European seafarers. A brown tabby Maine Coon called Cosey won best cat at the 1895 Madison Square Garden show, and it is the official state cat of Maine. It is a large, long, rectangular cat with a broad chest, big tufted ears, tufted paws and a long, flowing tail. The heavy, shaggy, water-resistant coat is shorter on the shoulders and longer on the belly and britches, with a ruff at the chest.",
    temperament:
      'Maine Coons are friendly, good-natured "gentle giants" that enjoy company without being clingy. They are playful, intelligent and often fascinated by water, and communicate with characteristic chirps and trills rather than loud miaows.',
    health_and_development:
      'This is a slow-maturing breed that keeps growing until three to five years of age, with males commonly weighing 6 to 9 kg. Growing kittens need a good-quality diet that supports steady rather than rapid growth, and adults should be kept lean to protect their joints.',
    health_challenges:
      'Hypertrophic cardiomyopathy (HCM, including the MYBPC3 A31P mutation), spinal muscular atrophy (SMA) and hip dysplasia are the best-known inherited conditions; PK deficiency and polycystic kidney disease also occur.',
    health_tests:
      'Responsible breeders DNA-test for HCM (MYBPC3 A31P), SMA and PK deficiency, screen breeding cats for HCM by echocardiogram and X-ray hips for dysplasia.',
    look: { base: '#8a6a45', accent: '#2e2116', pattern: 'tabby', eyes: '#b9a13a', fur: 'long', ears: 'normal', tail: 'normal' },
  },
];
