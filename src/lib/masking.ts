// Spec §3: an organization in demo or with an ended subscription sees its fleet's fines with
// asterisks: enough to see that fines exist and what they cost, not enough to act on them. Amounts,
// dates and counts stay; plate, ruling number, place and documents are partly hidden.

/** A plate with its middle digits hidden: 'А123ВС' → 'А1**ВС'. */
export function maskPlate(plate: string): string {
  return plate.length < 4 ? '*'.repeat(plate.length) : `${plate.slice(0, 2)}${'*'.repeat(plate.length - 4)}${plate.slice(-2)}`;
}

/** A ruling number with its first 6 and last 2 digits kept: '18810177250612002172' → '188101************72'. */
export function maskUin(uin: string): string {
  return uin.length <= 8 ? '*'.repeat(uin.length) : `${uin.slice(0, 6)}${'*'.repeat(uin.length - 8)}${uin.slice(-2)}`;
}

/** An address with only its first part (the city) kept: 'г. Москва, Тверская ул., д. 1' → 'г. Москва, ***'. */
export function maskPlace(address: string): string {
  const [city] = address.split(',');
  return `${(city ?? '').trim()}, ***`;
}

/** A document number with only its last 4 characters kept: '9941123456' → '******3456'. */
export function maskDocument(number: string): string {
  return number.length <= 4 ? '*'.repeat(number.length) : `${'*'.repeat(number.length - 4)}${number.slice(-4)}`;
}

/** A person's name as initials: 'Иванов Иван Иванович' → 'И. И. И.'. */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${word.charAt(0)}.`)
    .join(' ');
}
