/**
 * Place names a location column is recognised by when its heading says nothing: UK nations, regions and
 * larger towns, US states and New York boroughs, and the countries and cities staff lists most often name.
 * Lower case; a value matches when it, or its part before a comma ("Krakow, Poland"), is one of them.
 */
const PLACES = new Set(
  [
    // UK nations and regions
    'england', 'scotland', 'wales', 'northern ireland', 'united kingdom', 'uk', 'great britain', 'gb',
    'north east', 'north west', 'yorkshire', 'yorkshire and the humber', 'east midlands', 'west midlands', 'east of england', 'south east', 'south west', 'greater london',
    // UK towns and cities
    'london', 'birmingham', 'manchester', 'leeds', 'liverpool', 'sheffield', 'bristol', 'newcastle', 'newcastle upon tyne', 'nottingham', 'leicester', 'coventry',
    'bradford', 'hull', 'stoke', 'wolverhampton', 'plymouth', 'southampton', 'portsmouth', 'reading', 'derby', 'swindon', 'milton keynes', 'oxford', 'cambridge',
    'norwich', 'exeter', 'york', 'bath', 'brighton', 'peterborough', 'ipswich', 'warrington', 'sunderland', 'preston', 'blackpool', 'middlesbrough', 'luton',
    'glasgow', 'edinburgh', 'aberdeen', 'dundee', 'inverness', 'cardiff', 'swansea', 'newport', 'belfast', 'derry', 'londonderry', 'bootle',
    // US states (and DC) and New York City boroughs
    'alabama', 'alaska', 'arizona', 'arkansas', 'california', 'colorado', 'connecticut', 'delaware', 'florida', 'georgia', 'hawaii', 'idaho', 'illinois',
    'indiana', 'iowa', 'kansas', 'kentucky', 'louisiana', 'maine', 'maryland', 'massachusetts', 'michigan', 'minnesota', 'mississippi', 'missouri', 'montana',
    'nebraska', 'nevada', 'new hampshire', 'new jersey', 'new mexico', 'new york', 'north carolina', 'north dakota', 'ohio', 'oklahoma', 'oregon',
    'pennsylvania', 'rhode island', 'south carolina', 'south dakota', 'tennessee', 'texas', 'utah', 'vermont', 'virginia', 'washington', 'west virginia',
    'wisconsin', 'wyoming', 'district of columbia', 'manhattan', 'brooklyn', 'queens', 'bronx', 'staten island', 'richmond',
    // Countries and cities often named
    'united states', 'usa', 'us', 'ireland', 'france', 'germany', 'spain', 'italy', 'netherlands', 'belgium', 'poland', 'portugal', 'sweden', 'norway',
    'denmark', 'finland', 'switzerland', 'austria', 'india', 'china', 'japan', 'singapore', 'australia', 'new zealand', 'canada', 'mexico', 'brazil',
    'south africa', 'philippines', 'malaysia', 'hong kong', 'united arab emirates', 'uae',
    'dublin', 'paris', 'berlin', 'madrid', 'amsterdam', 'brussels', 'warsaw', 'krakow', 'lisbon', 'stockholm', 'zurich', 'frankfurt', 'munich', 'milan',
    'bangalore', 'bengaluru', 'pune', 'mumbai', 'chennai', 'hyderabad', 'delhi', 'manila', 'new york city', 'chicago', 'los angeles', 'boston', 'toronto',
    'sydney', 'melbourne', 'tokyo', 'shanghai', 'dubai', 'remote', 'home based', 'home-based', 'homeworker',
  ],
);

export function isPlace(value: string): boolean {
  const text = value.normalize('NFKC').trim().toLowerCase();
  return PLACES.has(text) || PLACES.has(text.split(',')[0]!.trim());
}
