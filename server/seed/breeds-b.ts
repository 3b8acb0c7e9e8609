// Hand-written reference data for the demo show's breeds, second half of the alphabet (Manx to Turkish Van).
import type { BreedSeed } from './breed-seed.ts';

export const BREEDS_B: BreedSeed[] = [
  {
    breed_name: 'Manx',
    universal_breed_abbreviation: 'MAN',
    activity_level: 'Moderate',
    grooming_level: 'Low',
    vocality: 'Quiet',
    habitat: 'Both',
    life_expectancy: '10-14 years',
    colors: 'White, black, blue, red, cream, tortoiseshell, calico, tabby, silver tabby, smoke, bicolour',
    coat_length: 'Short',
    body_type: 'Medium, Cobby',
    shedding_level: 'Some',
    independence_level: 'Moderately Independent',
    about:
      'The Manx is a natural breed from the Isle of Man, where a dominant gene for taillessness spread through the island\'s isolated cat population centuries ago. It was among the breeds shown at the earliest cat shows in Britain and was one of the founding breeds of the CFA. Tail length varies from the completely tailless "rumpy" through the "riser" and "stumpy" to the full-tailed "longy". The body is compact and round, with a short back, a rounded rump and hind legs longer than the forelegs, which gives the breed its rabbit-like gait.',
    temperament:
      'Manx are calm, even-tempered cats that bond closely with their family and are often described as dog-like, following people about and learning to fetch. Their powerful hind legs make them strong jumpers, and they are notably protective of their home and wary of sudden disturbance.',
    health_and_development:
      'Manx mature slowly and usually fill out over three to five years, keeping a dense double coat that needs only weekly brushing. Spinal problems tend to show within the first four to six months, so good breeders do not rehome kittens before about four months old, and a measured diet matters because the round body gains weight easily.',
    health_challenges:
      'The tailless gene causes Manx syndrome, a range of spinal malformations including spina bifida and fused vertebrae that can lead to hind-limb weakness and bowel or bladder incontinence; two copies of the gene are lethal before birth. Arthritis of the tail stump in stumpy cats and a corneal dystrophy have also been reported in the breed.',
    health_tests:
      'There is no routine DNA screen for Manx syndrome, so responsible breeders avoid mating two tailless cats, introduce tailed Manx into their lines and have every kitten examined by a vet for spinal, gait and continence problems before placing it.',
    look: { base: '#a07a4f', accent: '#3d2b1c', pattern: 'tabby', eyes: '#c99a2e', fur: 'short', tail: 'none' },
  },
  {
    breed_name: 'Norwegian Forest Cat',
    universal_breed_abbreviation: 'NFO',
    activity_level: 'Active',
    grooming_level: 'Medium',
    vocality: 'Quiet',
    habitat: 'Outdoor',
    life_expectancy: '14-16 years',
    colors: 'Black, blue, red, cream, white, tortoiseshell, blue-cream, brown tabby, blue tabby, red tabby, silver tabby, smoke, bicolour, van',
    coat_length: 'Long',
    body_type: 'Large, Muscular',
    shedding_level: 'Substantial',
    independence_level: 'Very Independent',
    about:
      'The Norwegian Forest Cat, or skogkatt, is a natural breed that developed over centuries in the harsh climate of Norway and appears in Norse folklore. After near disappearance through crossbreeding with other cats around the Second World War, Norwegian enthusiasts started a formal breeding programme, and FIFe recognised the breed in 1977. It is a large, sturdy cat with a triangular head, a straight profile, tall tufted ears and long legs with the hind legs higher than the front. Its double coat has a glossy, water-resistant topcoat over a dense woolly undercoat, a full ruff and a long bushy tail.',
    temperament:
      'Norwegian Forest Cats are friendly but self-possessed, happy in company without demanding constant attention. They are keen climbers that like high perches and are playful well into adulthood.',
    health_and_development:
      'The breed matures slowly and may not reach full size and coat until about five years old, with males commonly weighing 6-9 kg. The coat sheds heavily in spring, when more frequent combing prevents mats, and their love of climbing is best met with tall, sturdy cat trees or safe outdoor access.',
    health_challenges:
      'Glycogen storage disease type IV is a fatal inherited metabolic disorder specific to the breed, and hypertrophic cardiomyopathy (HCM) and pyruvate kinase (PK) deficiency also occur. Hip dysplasia has been reported in some lines.',
    health_tests:
      'Responsible breeders DNA-test for glycogen storage disease type IV and PK deficiency, screen breeding cats for HCM by echocardiogram, and some also have hips X-rayed.',
    look: { base: '#8a6b4c', accent: '#2a2018', pattern: 'tabby', eyes: '#7fae3a', fur: 'long' },
  },
  {
    breed_name: 'Ocicat',
    universal_breed_abbreviation: 'OCI',
    activity_level: 'Active',
    grooming_level: 'Low',
    vocality: 'Vocal',
    habitat: 'Indoor',
    life_expectancy: '12-16 years',
    colors: 'Tawny, chocolate, cinnamon, blue, lavender, fawn, ebony silver, chocolate silver, cinnamon silver, blue silver, lavender silver, fawn silver',
    coat_length: 'Short',
    body_type: 'Medium, Muscular',
    shedding_level: 'Some',
    independence_level: 'Very Dependent',
    about:
      "The Ocicat was created by accident in 1964 when Virginia Daly of Michigan crossed an Abyssinian with a Siamese and produced a spotted kitten, Tonga, whom her daughter named for his likeness to an ocelot. American Shorthairs were later added for size and the silver colours, and the CFA granted championship status in 1987. Despite its wild look the Ocicat is entirely domestic. It is a large, athletic, well-muscled cat with a short satin coat bearing bold thumbprint spots in rows along the body and a bull's-eye pattern on the sides.",
    temperament:
      'Ocicats are confident, sociable and highly people-oriented, and they do not like being left alone for long. They are intelligent and easily trained to come when called, walk on a harness or fetch.',
    health_and_development:
      'Ocicats are solidly built and surprisingly heavy for their size, reaching adult weight at about two years. They need plenty of interactive play and climbing space, and a portion-controlled, high-protein diet keeps their muscular build from running to fat.',
    health_challenges:
      'From its Abyssinian ancestry the breed can inherit pyruvate kinase (PK) deficiency, the rdAc form of progressive retinal atrophy and renal amyloidosis. Dental disease such as gingivitis is also common.',
    health_tests: 'Responsible breeders run DNA tests for PK deficiency and rdAc progressive retinal atrophy on all breeding cats.',
    look: { base: '#c9a06a', accent: '#3a2618', pattern: 'spotted', eyes: '#c7a43a', fur: 'short' },
  },
  {
    breed_name: 'Oriental Shorthair',
    universal_breed_abbreviation: 'OSH',
    activity_level: 'Very Active',
    grooming_level: 'Low',
    vocality: 'Loud',
    habitat: 'Indoor',
    life_expectancy: '12-15 years',
    colors: 'Ebony, blue, chestnut, lavender, cinnamon, fawn, red, cream, white, tortoiseshell, tabby, silver, smoke, shaded, bicolour',
    coat_length: 'Short',
    body_type: 'Medium, Slender',
    shedding_level: 'Minimal',
    independence_level: 'Very Dependent',
    about:
      'The Oriental Shorthair was developed in Britain from the 1950s, and in the United States from the 1970s, by crossing Siamese with Russian Blues, British Shorthairs, Abyssinians and domestic shorthairs to produce Siamese-type cats in solid and patterned colours. Early varieties included the chestnut Havana and the Foreign White, and the CFA accepted Orientals for championship in 1977. The breed shares the Siamese body: long, tubular and fine-boned, with a long wedge-shaped head, very large ears and almond-shaped green eyes. It comes in hundreds of colour and pattern combinations, all with a short, fine, glossy coat.',
    temperament:
      'Orientals are extrovert, inquisitive and extremely talkative, with the same demanding voice as the Siamese. They attach strongly to their people and become unhappy if left alone for long periods.',
    health_and_development:
      'Orientals are lean, fast-growing cats that reach adult size at around a year, and they need a high-quality diet to keep their fine frame well muscled rather than thin. Daily play and climbing space are essential for such an active, intelligent breed.',
    health_challenges:
      'Like the Siamese, Orientals can carry the rdAc form of progressive retinal atrophy and are prone to amyloidosis, particularly of the liver. Dental and gum disease and dilated cardiomyopathy have also been reported.',
    health_tests: 'Responsible breeders DNA-test breeding cats for rdAc progressive retinal atrophy and keep watch for familial amyloidosis in their lines.',
    look: { base: '#6b3f26', accent: '#4f2d1b', pattern: 'solid', eyes: '#5fa83a', fur: 'short', ears: 'large' },
  },
  {
    breed_name: 'Persian',
    universal_breed_abbreviation: 'PER',
    activity_level: 'Very Calm',
    grooming_level: 'High',
    vocality: 'Very Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-15 years',
    colors:
      'White, black, blue, red, cream, chocolate, lilac, tortoiseshell, blue-cream, calico, tabby, chinchilla silver, shaded silver, golden, smoke, bicolour, colourpoint',
    coat_length: 'Long',
    body_type: 'Medium, Cobby',
    shedding_level: 'Substantial',
    independence_level: 'Moderately Independent',
    about:
      'Long-haired cats from Persia were brought to Italy by the traveller Pietro della Valle in the 1620s, and the Persian as a show breed was developed in Victorian Britain, where it appeared at the first Crystal Palace cat show in 1871. Selective breeding in the 20th century produced the modern type, with a round massive head, a short snub nose, small ears and large round copper, green or blue eyes. The body is cobby and heavy-boned on short legs. Its long, thick coat with a full ruff comes in a very wide range of colours, including the colourpoint Himalayan variety.',
    temperament:
      'Persians are gentle, placid and undemanding cats that prefer a quiet, predictable home. They enjoy affection and company but are content to lounge rather than climb or play hard.',
    health_and_development:
      'Persians mature slowly, growing into their full coat and cobby build by about two years. The coat needs daily combing to prevent mats, the eyes need regular wiping because of tear staining, and their low activity makes portion control important.',
    health_challenges:
      "Polycystic kidney disease (PKD) is the breed's best-known inherited disease, and the flat face brings brachycephalic problems such as narrowed nostrils, breathing difficulty, blocked tear ducts and dental malocclusion. Hypertrophic cardiomyopathy (HCM) and an early-onset form of progressive retinal atrophy also occur.",
    health_tests:
      'Responsible breeders DNA-test for PKD1 (or screen by kidney ultrasound), scan breeding cats for HCM by echocardiogram and avoid the most extreme flat-faced type.',
    look: { base: '#eceef0', accent: '#7d8288', pattern: 'shaded', eyes: '#3f9e6e', fur: 'long' },
  },
  {
    breed_name: 'Peterbald',
    universal_breed_abbreviation: 'PEB',
    activity_level: 'Very Active',
    grooming_level: 'Medium',
    vocality: 'Vocal',
    habitat: 'Indoor',
    life_expectancy: '12-15 years',
    colors: 'All colours and patterns, including solid, tabby, tortoiseshell, bicolour and colourpoint',
    coat_length: 'Short',
    body_type: 'Medium, Slender',
    shedding_level: 'Minimal',
    independence_level: 'Very Dependent',
    about:
      'The Peterbald was created in St Petersburg in 1994, when Olga Mironova mated a Don Sphynx male, Afinogen Myth, with an Oriental Shorthair female; TICA recognised the breed in 1997. It carries the dominant hairless gene of the Don Sphynx on the elegant Oriental frame: a long, slim, fine-boned body, a long wedge-shaped head, very large ears and almond eyes. The coat ranges from completely bald through flock (a peach-like down), velour and brush to a normal straight coat. Skin and coat may change over the first two years as a kitten loses or keeps its hair.',
    temperament:
      'Peterbalds are affectionate, gentle and highly social, following their people from room to room and talking to them in a softer voice than their Oriental ancestors. They get on well with other pets and dislike being left alone.',
    health_and_development:
      'Coat type is not fixed at birth, and kittens may lose or keep hair until about two years old. Hairless cats burn extra energy to keep warm, so they eat more than coated cats of their size, need weekly baths to remove skin oils and must be protected from cold and sunburn.',
    health_challenges:
      'No breed-specific inherited disease is well documented in this young breed, but hairless cats are prone to sunburn, skin oil build-up, skin infections and chilling. Oriental ancestry means that lines can carry the rdAc form of progressive retinal atrophy.',
    health_tests:
      'Few breed-specific tests exist, so conscientious breeders DNA-test breeding cats for rdAc progressive retinal atrophy and have them checked for heart disease by echocardiogram.',
    look: { base: '#b9a39a', accent: '#8f7a72', pattern: 'solid', eyes: '#5aa469', fur: 'hairless', ears: 'large' },
  },
  {
    breed_name: 'Ragamuffin',
    universal_breed_abbreviation: 'RGM',
    activity_level: 'Calm',
    grooming_level: 'Medium',
    vocality: 'Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-16 years',
    colors: 'All colours and patterns, including solid, tabby, tortoiseshell, calico, bicolour, mitted and, in some registries, pointed',
    coat_length: 'Long',
    body_type: 'Large, Cobby',
    shedding_level: 'Some',
    independence_level: 'Very Dependent',
    about:
      "The RagaMuffin was developed in California in the 1990s by breeders who left Ann Baker's Ragdoll association and outcrossed their Ragdolls to Persians, Himalayans and domestic longhairs to widen the gene pool. The CFA accepted it for championship in 2011. It is a large, heavy-boned cat with a rectangular body, a fleshy fat pad on the lower abdomen, a rounded head with a short muzzle and large walnut-shaped eyes that give it a sweet expression. The medium-long, rabbit-soft coat is accepted in almost every colour and pattern.",
    temperament:
      'RagaMuffins are docile, patient and very affectionate, and many relax completely when picked up, much like Ragdolls. They are gentle with children and other pets and thrive on being part of family life.',
    health_and_development:
      'RagaMuffins grow slowly and may not reach full size, weight and coat until four or five years old. Their placid nature makes them prone to obesity, so measured meals and daily play are important, and the silky coat needs brushing a couple of times a week.',
    health_challenges:
      'Hypertrophic cardiomyopathy (HCM) is the main concern, and the Persian outcrosses brought a risk of polycystic kidney disease (PKD). Obesity is common in the breed.',
    health_tests: 'Responsible breeders screen for HCM by echocardiogram and the Ragdoll MYBPC3 DNA test, and DNA-test or ultrasound-scan for PKD.',
    look: { base: '#8f97a3', accent: '#f4f1ea', pattern: 'bicolour', eyes: '#c99a2e', fur: 'long' },
  },
  {
    breed_name: 'Ragdoll',
    universal_breed_abbreviation: 'RAG',
    activity_level: 'Calm',
    grooming_level: 'Medium',
    vocality: 'Very Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-15 years',
    colors: 'Seal, blue, chocolate, lilac, red, cream, tortie and lynx, in colourpoint, mitted and bicolour patterns',
    coat_length: 'Long',
    body_type: 'Large, Muscular',
    shedding_level: 'Some',
    independence_level: 'Very Dependent',
    about:
      'The Ragdoll was developed in the 1960s by Ann Baker of Riverside, California, from Josephine, a white longhaired cat, and her offspring, and Baker founded her own registry for it in 1971. It is one of the largest domestic breeds, with a long, broad, heavy-boned body, a broad head and large vivid blue oval eyes. The semi-long silky coat is always pointed and comes in colourpoint, mitted and bicolour patterns. Its name comes from its habit of going limp when picked up.',
    temperament:
      'Ragdolls are gentle, relaxed and devoted to their people, often meeting them at the door and following them about the house. They are tolerant of children and other pets and rarely use their claws in play.',
    health_and_development:
      'Ragdolls are slow to mature and may not reach full size and colour until three or four years old, with males weighing up to about 9 kg. Kittens are born white and develop their points over the first weeks; adults need measured meals and daily play to avoid obesity.',
    health_challenges:
      "Hypertrophic cardiomyopathy (HCM) caused by a Ragdoll-specific mutation of the MYBPC3 gene is the breed's main inherited disease. Bladder stones and other urinary tract problems are also seen.",
    health_tests: 'Responsible breeders DNA-test for the Ragdoll MYBPC3 HCM mutation, screen breeding cats by echocardiogram and often also DNA-test for PKD.',
    look: { base: '#efe4d0', accent: '#4a3326', pattern: 'pointed', eyes: '#3a6fd8', fur: 'long' },
  },
  {
    breed_name: 'Russian Blue',
    universal_breed_abbreviation: 'RUS',
    activity_level: 'Moderate',
    grooming_level: 'Low',
    vocality: 'Very Quiet',
    habitat: 'Indoor',
    life_expectancy: '15-20 years',
    colors: 'Blue (silver-tipped)',
    coat_length: 'Short',
    body_type: 'Medium, Slender',
    shedding_level: 'Minimal',
    independence_level: 'Moderately Independent',
    about:
      'The Russian Blue is thought to come from the port of Archangel in northern Russia, and sailors are said to have brought it to Britain, where it was shown in the 1870s as the Archangel Cat. After the Second World War breeders in Britain and Scandinavia rebuilt the breed with crosses to British Blues and Siamese before returning to the original type. It is a fine-boned yet muscular cat with a short wedge-shaped head, upturned mouth corners that give a "Russian smile" and vivid green eyes. Its dense, plush double coat is blue with silver tipping that gives it a lustrous sheen.',
    temperament:
      'Russian Blues are quiet, gentle and deeply loyal to their family, but reserved and often hiding with strangers. They like routine and a calm household, and are playful without being demanding.',
    health_and_development:
      "Russian Blues reach adult size at about two years, and kittens' eyes change from yellow to green over the first year or so. They are strongly food-motivated, so measured portions and regular play are needed to prevent weight gain.",
    health_challenges:
      'The Russian Blue has no notable breed-specific inherited disease and is generally long-lived and robust. Obesity and, as in other breeds, bladder stones are the most common problems.',
    health_tests: 'There is no breed-specific DNA test, so responsible breeders rely on general veterinary health checks and blood typing of breeding cats.',
    look: { base: '#8a96a3', accent: '#6b7785', pattern: 'solid', eyes: '#3fa34d', fur: 'short' },
  },
  {
    breed_name: 'Savannah',
    universal_breed_abbreviation: 'SAV',
    activity_level: 'Very Active',
    grooming_level: 'Low',
    vocality: 'Vocal',
    habitat: 'Indoor',
    life_expectancy: '12-20 years',
    colors: 'Brown spotted tabby, silver spotted tabby, black, black smoke',
    coat_length: 'Short',
    body_type: 'Large, Slender',
    shedding_level: 'Some',
    independence_level: 'Moderately Independent',
    about:
      'The Savannah is a hybrid breed that began in 1986, when Judee Frank mated a male African serval with a Siamese and produced a kitten named Savannah. Breeders including Patrick Kelley and Joyce Sroufe developed the breed, and TICA granted it championship status in 2012. Cats are described by filial generation, from F1 (a serval parent) onward, and early generations are the largest and most serval-like. It is tall and slender with long legs, a long neck, large upright ears set high on the head and bold, solid dark spots on a short coat.',
    temperament:
      'Savannahs are bold, curious and highly energetic, with a strong prey drive and a liking for water. They bond closely with their family and can be trained to walk on a lead, but they need a great deal of stimulation.',
    health_and_development:
      'Savannahs take about three years to mature, and early-generation cats can be much larger and more demanding than later ones. They need a high-protein diet, generous space for running and jumping and secure housing, as they are expert escape artists.',
    health_challenges:
      'No inherited disease is firmly established as specific to the breed, although hypertrophic cardiomyopathy (HCM) occurs as in other breeds. Early-generation (F1 to about F4) males are usually infertile because of their hybrid origin.',
    health_tests: 'Responsible breeders screen breeding cats for HCM by echocardiogram and use broad feline DNA panels, including blood typing.',
    look: { base: '#d4ad6a', accent: '#2b1d12', pattern: 'spotted', eyes: '#c9a534', fur: 'short', ears: 'large' },
  },
  {
    breed_name: 'Scottish Fold',
    universal_breed_abbreviation: 'SFS',
    activity_level: 'Calm',
    grooming_level: 'Low',
    vocality: 'Quiet',
    habitat: 'Indoor',
    life_expectancy: '11-15 years',
    colors: 'Most colours and patterns, including white, black, blue, red, cream, tortoiseshell, tabby, silver tabby, bicolour and calico',
    coat_length: 'Short',
    body_type: 'Medium, Cobby',
    shedding_level: 'Some',
    independence_level: 'Moderately Independent',
    about:
      'Every Scottish Fold descends from Susie, a white barn cat with folded ears found in 1961 near Coupar Angus in Scotland by the shepherd William Ross. The fold is caused by a dominant mutation of the TRPV4 gene that affects cartilage throughout the body, and the GCCF stopped registering the breed in 1971 over health concerns. Folds are bred only to straight-eared cats, mainly British and American Shorthairs, and their straight-eared kittens are known as Scottish Straights. It is a rounded, medium-sized cat with a round head, large round eyes and small ears folded forward and downward.',
    temperament:
      'Scottish Folds are sweet-natured, placid and adaptable, attached to their people without being demanding. They are known for sitting upright on their haunches and for their soft, little-used voice.',
    health_and_development:
      'Kittens are born with straight ears, and those carrying the gene show the fold at about three to four weeks old; the cat reaches adult size by about two years. Because of the joint disease, weight should be kept down, and stiffness, a short thick tail or reluctance to jump should prompt a vet check.',
    health_challenges:
      'All folded cats have osteochondrodysplasia, a cartilage and bone disorder that causes painful arthritis and deformity of the legs, feet and tail, and it is most severe in cats with two copies of the gene. The British and Persian ancestry also brings risks of polycystic kidney disease (PKD) and hypertrophic cardiomyopathy (HCM).',
    health_tests:
      'Responsible breeders never mate two folded cats, DNA-test for PKD, screen for HCM by echocardiogram and have joints and tail checked, with X-rays where needed.',
    look: { base: '#c7c9cc', accent: '#3d3d40', pattern: 'tabby', eyes: '#d39a2a', fur: 'short', ears: 'folded' },
  },
  {
    breed_name: 'Selkirk Rex',
    universal_breed_abbreviation: 'SRS',
    activity_level: 'Moderate',
    grooming_level: 'Medium',
    vocality: 'Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-15 years',
    colors: 'All colours and patterns, including solid, tabby, tortoiseshell, calico, smoke, shaded, bicolour and colourpoint',
    coat_length: 'Short',
    body_type: 'Large, Muscular',
    shedding_level: 'Some',
    independence_level: 'Moderately Independent',
    about:
      'The Selkirk Rex began in 1987 in Montana, when a curly-coated kitten from a shelter, later named Miss DePesto, was found and bred by Persian breeder Jeri Newman. Unlike the Cornish and Devon Rex, its curl is caused by a dominant gene, and outcrosses to Persians, Exotics, British Shorthairs and American Shorthairs built up the breed. It is a medium-large, heavy-boned and muscular cat with a round head, full cheeks and round eyes. The shorthair variety has a thick, plush coat of loose, individual curls, with curly whiskers.',
    temperament:
      'Selkirk Rex are relaxed, tolerant and affectionate, combining the patience of their Persian and British ancestors with a playful streak. They adapt easily to children, other pets and new situations.',
    health_and_development:
      'The curl can loosen in young kittens and again at around six to ten months, and the coat usually does not reach full curl until about two years. Combing should be gentle and infrequent, as heavy brushing straightens the curls, and the cat needs regular bathing only if the coat becomes greasy.',
    health_challenges:
      'The Persian and British outcrosses carry a risk of polycystic kidney disease (PKD) and hypertrophic cardiomyopathy (HCM). Ear wax build-up is common because of the curled hair in the ear canals.',
    health_tests: 'Responsible breeders DNA-test for PKD (or screen by kidney ultrasound) and have breeding cats scanned for HCM by echocardiogram.',
    look: { base: '#2e2522', accent: '#c9783a', pattern: 'tortoiseshell', eyes: '#d39a2a', fur: 'curly' },
  },
  {
    breed_name: 'Siamese',
    universal_breed_abbreviation: 'SIA',
    activity_level: 'Very Active',
    grooming_level: 'Low',
    vocality: 'Loud',
    habitat: 'Indoor',
    life_expectancy: '15-20 years',
    colors: 'Seal point, chocolate point, blue point, lilac point; some registries also accept red, cream, tortie and lynx (tabby) points',
    coat_length: 'Short',
    body_type: 'Medium, Slender',
    shedding_level: 'Minimal',
    independence_level: 'Very Dependent',
    about:
      'The Siamese comes from Thailand (formerly Siam), where pointed cats are pictured in the centuries-old manuscripts of the Tamra Maew, or Cat-Book Poems. Siamese cats were shown at the first Crystal Palace show in 1871, and a pair brought to Britain by Owen Gould in 1884 helped found the breed in the West. Its colourpoint pattern is caused by a temperature-sensitive form of albinism, so the colour is darker on the cooler face, ears, legs and tail. The modern show Siamese is long, fine-boned and tubular, with a long wedge-shaped head, very large ears and deep blue almond-shaped eyes.',
    temperament:
      'Siamese are intensely social, intelligent and famously loud, talking to their people with a distinctive raucous voice. They demand attention and company and do poorly when left alone for long periods.',
    health_and_development:
      'Kittens are born almost white and their points darken over the first months, and coat colour generally darkens further with age or in cold conditions. They reach adult size at about one year, stay lean and active throughout life, and benefit from daily play and puzzle feeders.',
    health_challenges:
      'Siamese can carry the rdAc form of progressive retinal atrophy, and the breed is prone to amyloidosis (especially of the liver), asthma and dental disease. Crossed eyes and nystagmus linked to the pointed gene are also seen.',
    health_tests: 'Responsible breeders DNA-test breeding cats for rdAc progressive retinal atrophy and, in lines where it has occurred, GM1 gangliosidosis.',
    look: { base: '#f1e6d0', accent: '#3b2a20', pattern: 'pointed', eyes: '#2f6fd6', fur: 'short', ears: 'large' },
  },
  {
    breed_name: 'Siberian',
    universal_breed_abbreviation: 'SIB',
    activity_level: 'Active',
    grooming_level: 'Medium',
    vocality: 'Quiet',
    habitat: 'Outdoor',
    life_expectancy: '11-15 years',
    colors: 'All colours and patterns, including brown, golden and silver tabby, solid, tortoiseshell, smoke, bicolour and colourpoint (Neva Masquerade)',
    coat_length: 'Long',
    body_type: 'Large, Cobby',
    shedding_level: 'Substantial',
    independence_level: 'Moderately Independent',
    about:
      'The Siberian is a natural forest cat of Russia that has lived in the cold climate of Siberia for centuries. Russian breeders began formal breeding in the 1980s and wrote the first standard in 1987, and the first Siberians reached the United States in 1990. It is a large, powerful cat with a barrel-shaped body, heavy bones, a rounded wedge-shaped head and large, slightly oval eyes. Its triple coat is thick and water-resistant, with a full ruff and a bushy tail; the colourpoint variety is known as the Neva Masquerade.',
    temperament:
      'Siberians are friendly, confident and playful, often greeting visitors and following their owners with soft trills and chirps. They are agile jumpers that enjoy puzzle toys and games well into adulthood.',
    health_and_development:
      'The breed matures slowly and may take up to five years to reach full size, with males often weighing 7-9 kg. The heavy coat sheds seasonally, especially in spring, and they do best with plenty of climbing and, where safe, outdoor space.',
    health_challenges:
      'Hypertrophic cardiomyopathy (HCM) is the main inherited concern in the breed, and pyruvate kinase (PK) deficiency has also been found. Some Siberians are reported to produce less of the Fel d 1 allergen, but this varies from cat to cat and is not a guarantee.',
    health_tests: 'Responsible breeders screen breeding cats for HCM by echocardiogram, usually repeated over several years, and DNA-test for PK deficiency.',
    look: { base: '#b08a55', accent: '#3a2a18', pattern: 'tabby', eyes: '#d4a63a', fur: 'long' },
  },
  {
    breed_name: 'Singapura',
    universal_breed_abbreviation: 'SIN',
    activity_level: 'Active',
    grooming_level: 'Low',
    vocality: 'Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-15 years',
    colors: 'Sepia agouti (dark brown ticking on an old-ivory ground)',
    coat_length: 'Short',
    body_type: 'Small, Muscular',
    shedding_level: 'Minimal',
    independence_level: 'Very Dependent',
    about:
      'The Singapura is named after Singapore, where small ticked street cats inspired the breed, and it was brought to the United States in 1975 by Hal and Tommy Meadow. Questions later arose about whether its founders were bred from Abyssinian and Burmese lines, but the CFA accepted it for championship in 1988. It is one of the smallest cat breeds, with a compact, muscular body, a rounded head, a short blunt muzzle and very large ears and eyes. Its fine, close-lying coat comes only in sepia agouti, with dark brown ticking over a warm ivory ground.',
    temperament:
      'Singapuras are lively, curious and people-oriented, likely to perch on a shoulder or supervise every household task. They remain playful into old age and are quiet-voiced despite their energy.',
    health_and_development:
      'Singapuras grow slowly and reach full size at about fifteen months to two years, with adult females often weighing around 2 kg. Their small size means portions should be measured carefully, and they need plenty of climbing and interactive play.',
    health_challenges:
      'Pyruvate kinase (PK) deficiency, which causes anaemia, is the main inherited disease, and the rdAc form of progressive retinal atrophy has also been found. Queens are prone to uterine inertia and difficult births, and the small gene pool is a concern.',
    health_tests: 'Responsible breeders DNA-test breeding cats for PK deficiency and rdAc progressive retinal atrophy.',
    look: { base: '#d8c3a0', accent: '#5a4230', pattern: 'ticked', eyes: '#a9a23a', fur: 'short', ears: 'large' },
  },
  {
    breed_name: 'Snowshoe',
    universal_breed_abbreviation: 'SNO',
    activity_level: 'Active',
    grooming_level: 'Low',
    vocality: 'Vocal',
    habitat: 'Indoor',
    life_expectancy: '14-19 years',
    colors: 'Seal point and blue point, in mitted and bicolour patterns with white',
    coat_length: 'Short',
    body_type: 'Medium, Muscular',
    shedding_level: 'Some',
    independence_level: 'Very Dependent',
    about:
      'The Snowshoe was developed in the 1960s by Dorothy Hinds-Daugherty, a Siamese breeder in Philadelphia, after three kittens in one of her litters were born with white feet. She crossed them with bicolour American Shorthairs to fix the pattern, and the breed reached TICA championship status in 1994. It combines a pointed coat and blue eyes with white mittens on all four feet and often a white inverted V on the face. The body is medium-sized, well muscled and longer than it is tall, with a moderate triangular head and a short, smooth coat.',
    temperament:
      'Snowshoes are affectionate, intelligent and sociable, and generally bond strongly with one person. They are talkative but with a softer voice than the Siamese, and many enjoy playing with water.',
    health_and_development:
      'Kittens are born white and their points and markings develop over the first months, while full colour can take about two years. The white markings are hard to predict, so few kittens match the show standard exactly, and the breed needs only weekly grooming and regular play.',
    health_challenges:
      'The Snowshoe has no well-documented breed-specific inherited disease. Its Siamese ancestry can bring dental disease and, in some lines, crossed eyes or progressive retinal atrophy.',
    health_tests: 'There is no required breed-specific test, but many breeders use feline DNA panels that include rdAc progressive retinal atrophy and blood typing.',
    look: { base: '#eeeae4', accent: '#7d8794', pattern: 'pointed', eyes: '#3c78d8', fur: 'short' },
  },
  {
    breed_name: 'Somali',
    universal_breed_abbreviation: 'SOM',
    activity_level: 'Very Active',
    grooming_level: 'Medium',
    vocality: 'Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-16 years',
    colors: 'Ruddy (usual), red (sorrel), blue, fawn; silver versions in some registries',
    coat_length: 'Long',
    body_type: 'Medium, Muscular',
    shedding_level: 'Some',
    independence_level: 'Moderately Independent',
    about:
      "The Somali is the long-haired form of the Abyssinian: a recessive longhair gene that appeared in Abyssinian litters was developed into a breed from the 1960s, notably by the American breeder Evelyn Mague, who named it. The CFA recognised the breed in 1978. It keeps the Abyssinian's lithe, medium-sized, muscular body, almond-shaped gold or green eyes and large alert ears. The soft, semi-long coat is ticked with several bands of colour per hair and is set off by a full ruff, breeches and a bushy fox-like tail.",
    temperament:
      'Somalis are busy, curious and playful, always investigating and rarely still for long. They are affectionate and good company but not lap cats, and they are fairly quiet-voiced.',
    health_and_development:
      "The ticked coat takes up to eighteen months to reach full colour and length. Somalis need generous climbing space and interactive play, and regular tooth brushing is worthwhile because of the breed's tendency to gum disease.",
    health_challenges:
      'Like the Abyssinian, the Somali can inherit pyruvate kinase (PK) deficiency and the rdAc form of progressive retinal atrophy, and renal amyloidosis occurs in the breed. Gingivitis and periodontal disease are common.',
    health_tests: 'Responsible breeders DNA-test breeding cats for PK deficiency and rdAc progressive retinal atrophy.',
    look: { base: '#b5682f', accent: '#3a2216', pattern: 'ticked', eyes: '#c9942b', fur: 'long' },
  },
  {
    breed_name: 'Sphynx',
    universal_breed_abbreviation: 'SPH',
    activity_level: 'Active',
    grooming_level: 'High',
    vocality: 'Vocal',
    habitat: 'Indoor',
    life_expectancy: '8-14 years',
    colors: 'All colours and patterns (shown on the skin), including solid, tabby, tortoiseshell, bicolour and colourpoint',
    coat_length: 'Short',
    body_type: 'Medium, Muscular',
    shedding_level: 'Minimal',
    independence_level: 'Very Dependent',
    about:
      'The Sphynx descends from hairless kittens born in Toronto, starting with one named Prune in 1966, and from hairless barn cats found in Minnesota in the 1970s. Its hairlessness is caused by a recessive mutation of the KRT71 gene, a different form of the same gene that gives the Devon Rex its coat. The CFA accepted the breed for championship in 2002. It is a medium-sized, sturdy cat with wrinkled skin, a rounded belly, very large ears, lemon-shaped eyes and a fine peach-like down instead of a coat.',
    temperament:
      'Sphynx are extrovert, affectionate and clownish, seeking out warmth, laps and human company. They get on well with children and other pets and do not like being left alone.',
    health_and_development:
      'Sphynx have a fast metabolism and eat more than coated cats of the same size to stay warm. Their skin builds up oil and needs weekly bathing, ears and nail beds need frequent cleaning, and they must be kept warm and protected from sunburn.',
    health_challenges:
      'Hypertrophic cardiomyopathy (HCM) is common in the breed, and an inherited congenital myasthenic syndrome (a muscle weakness shared with the Devon Rex) also occurs. Skin problems, including urticaria pigmentosa and sunburn, are frequent.',
    health_tests: 'Responsible breeders have breeding cats scanned for HCM by echocardiogram, repeated regularly, and DNA-test for congenital myasthenic syndrome.',
    look: { base: '#e2c1b2', accent: '#a88676', pattern: 'solid', eyes: '#7cb342', fur: 'hairless', ears: 'large' },
  },
  {
    breed_name: 'Tonkinese',
    universal_breed_abbreviation: 'TON',
    activity_level: 'Very Active',
    grooming_level: 'Low',
    vocality: 'Vocal',
    habitat: 'Indoor',
    life_expectancy: '12-16 years',
    colors: 'Natural (seal), champagne, blue and platinum, each in mink, point and solid patterns',
    coat_length: 'Short',
    body_type: 'Medium, Muscular',
    shedding_level: 'Minimal',
    independence_level: 'Very Dependent',
    about:
      "The Tonkinese is a cross between the Siamese and the Burmese; Wong Mau, the cat brought to the United States in 1930 that founded the Burmese breed, was in fact of this hybrid type. The modern breed was developed in Canada in the 1960s, notably by Margaret Conroy, and the CFA accepted it for championship in 1990. It is a medium-sized, muscular cat that sits between its parent breeds in type, with a slightly rounded wedge-shaped head and a short, soft, glossy coat. The mink pattern, with soft points on a toned body and aqua eyes, is the breed's signature; pointed cats have blue eyes and solid cats gold or green.",
    temperament:
      'Tonkinese are outgoing, playful and intensely sociable, greeting visitors and joining in everything their people do. They are chatty, though with a softer voice than the Siamese, and do best with company for much of the day.',
    health_and_development:
      'Tonkinese are heavier than they look and reach adult size at about one year, though mink colouring can continue to darken for a further year or so. They need plenty of interactive play and attention, and regular tooth brushing is worthwhile because of their tendency to gum disease.',
    health_challenges:
      'The breed is generally healthy, but gingivitis and dental disease are common. Lines from its parent breeds can carry Burmese hypokalaemia or the Siamese form of progressive retinal atrophy.',
    health_tests: 'Many breeders DNA-test breeding cats for Burmese hypokalaemia and rdAc progressive retinal atrophy.',
    look: { base: '#9a7a5a', accent: '#4a3324', pattern: 'pointed', eyes: '#3fb5b0', fur: 'short' },
  },
  {
    breed_name: 'Toyger',
    universal_breed_abbreviation: 'TOY',
    activity_level: 'Active',
    grooming_level: 'Low',
    vocality: 'Quiet',
    habitat: 'Indoor',
    life_expectancy: '12-15 years',
    colors: 'Brown (black) mackerel tabby on a bright orange ground',
    coat_length: 'Short',
    body_type: 'Medium, Muscular',
    shedding_level: 'Some',
    independence_level: 'Moderately Independent',
    about:
      'The Toyger, or "toy tiger", was developed from the late 1980s in California by Judy Sugden, who crossed a striped domestic shorthair named Scrapmetal with a Bengal and later added a street cat from Kashmir. TICA granted it championship status in 2007. Its aim is a living small tiger: a long, low, muscular body, a rounded head with small rounded ears and bold, branching vertical stripes. The short, plush coat is a brown mackerel tabby with bright orange tones and a glittered sheen.',
    temperament:
      'Toygers are easy-going, confident and friendly, intelligent enough to learn tricks and lead walking. They are playful but not hyperactive, and fit well into family homes.',
    health_and_development:
      'Toygers reach adult size at about two years, and their markings often become sharper as the coat matures. A high-quality diet with measured portions and regular play keeps their muscular build in good condition.',
    health_challenges:
      'The Toyger is a young breed without well-documented breed-specific diseases, although heart murmurs and hypertrophic cardiomyopathy (HCM) have been reported. Bengal ancestry means lines can carry pyruvate kinase (PK) deficiency or the Bengal form of progressive retinal atrophy.',
    health_tests: 'Responsible breeders screen breeding cats for HCM by echocardiogram and use DNA panels covering PK deficiency and Bengal progressive retinal atrophy.',
    look: { base: '#d98a3a', accent: '#2a1a10', pattern: 'tabby', eyes: '#c79a2e', fur: 'short' },
  },
  {
    breed_name: 'Turkish Angora',
    universal_breed_abbreviation: 'TUA',
    activity_level: 'Active',
    grooming_level: 'Low',
    vocality: 'Vocal',
    habitat: 'Both',
    life_expectancy: '12-18 years',
    colors: 'White, black, blue, red, cream, tortoiseshell, blue-cream, tabby, smoke, bicolour, calico (no pointed, chocolate or lilac)',
    coat_length: 'Long',
    body_type: 'Medium, Slender',
    shedding_level: 'Some',
    independence_level: 'Moderately Independent',
    about:
      'The Turkish Angora is an ancient natural breed from the Ankara region of Turkey, and long-haired cats from the area reached Europe in the 17th century and contributed to the early Persian. As the Persian replaced it in the West, the Ankara Zoo kept the breed alive with a breeding programme that favoured white cats. Imports to the United States in the 1960s led to CFA recognition, first for whites only and from 1978 in colours. It is a fine-boned, graceful cat with a long body, a small wedge-shaped head, large tufted ears and a silky single coat with a plumed tail.',
    temperament:
      'Turkish Angoras are intelligent, energetic and assertive, often taking charge of the household and its other pets. They are affectionate and talkative but prefer being involved to being held.',
    health_and_development:
      'The breed reaches adult size at about two years, and the fine single coat is fullest in winter and much shorter in summer. Because there is no woolly undercoat the coat rarely mats, and weekly combing and plenty of climbing and play meet its needs.',
    health_challenges:
      'White cats with one or two blue eyes are prone to congenital deafness, usually on the blue-eyed side. Hypertrophic cardiomyopathy (HCM) and a rare hereditary ataxia in kittens have been reported.',
    health_tests:
      'Responsible breeders BAER-test the hearing of white kittens, blood-type breeding cats because type B blood is common in the breed, and screen for HCM by echocardiogram.',
    look: { base: '#f7f5f0', accent: '#e2ddd3', pattern: 'solid', eyes: '#4f8fd8', fur: 'long', ears: 'large' },
  },
  {
    breed_name: 'Turkish Van',
    universal_breed_abbreviation: 'TUV',
    activity_level: 'Very Active',
    grooming_level: 'Low',
    vocality: 'Quiet',
    habitat: 'Both',
    life_expectancy: '13-17 years',
    colors: 'Red (auburn), cream, black, blue, tortoiseshell, blue-cream, red tabby, cream tabby, brown tabby and blue tabby, all in van pattern on white',
    coat_length: 'Long',
    body_type: 'Large, Muscular',
    shedding_level: 'Some',
    independence_level: 'Very Independent',
    about:
      'The Turkish Van comes from the Lake Van region of eastern Turkey and was brought to Britain in 1955 by Laura Lushington and Sonia Halliday, who were given their first pair while travelling there. The GCCF recognised the breed in 1969. It is a large, broad-chested, muscular cat with a semi-long, cashmere-like single coat that is water-resistant. Its classic van pattern is a white body with coloured markings on the head and a coloured tail, traditionally auburn.',
    temperament:
      'Turkish Vans are energetic, bold and independent, more interested in play and climbing than in being held. Many are famously fond of water and will play in sinks, bowls and baths.',
    health_and_development:
      'Turkish Vans are slow to mature and may take three to five years to reach their full size and muscular build. They need a great deal of exercise and climbing space, and the coat, which has no undercoat, needs only weekly combing.',
    health_challenges:
      'The Turkish Van has no notable breed-specific inherited disease, although hypertrophic cardiomyopathy (HCM) has been reported. A high proportion of the breed has type B blood, which matters for transfusions and breeding.',
    health_tests: 'Responsible breeders blood-type breeding cats to prevent neonatal isoerythrolysis in kittens, and some also screen for HCM by echocardiogram.',
    look: { base: '#f7f4ee', accent: '#b5562b', pattern: 'van', eyes: '#d2a03a', fur: 'long' },
  },
];
