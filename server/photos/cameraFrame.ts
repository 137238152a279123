/** What a camera frame shows. */
export type CameraFrame = {
  plateNumber: string;
  plateRegion: string;
  /** Local date-time with offset, as stored. */
  violationAt: string;
  address: string;
  cameraId: string;
  speed: { actual: number; limit: number } | null;
  articleTitle: string;
  /** КоАП article code ('12.12.1'): picks what else the camera saw (a red light, a no-stopping sign, a bus lane). */
  article: string;
  /** 0: the whole scene; 1: zoomed on the plate. */
  position: number;
  count: number;
  title: string;
  width: number;
  height: number;
};

/** Escapes text for SVG content and attributes. */
function xml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** 'А123ВС' → 'А 123 ВС' as a plate is lettered. */
function lettered(plateNumber: string): string {
  const type1 = /^([А-ЯA-Z])(\d{3})([А-ЯA-Z]{2})$/.exec(plateNumber);
  return type1 === null ? plateNumber : `${type1[1]} ${type1[2]} ${type1[3]}`;
}

/** The car seen from the front, with its plate; drawn around x 640, plate centre at y 552. */
function car(frame: CameraFrame): string {
  return `
  <g>
    <ellipse cx="640" cy="628" rx="250" ry="22" fill="#050607" opacity="0.7"/>
    <rect x="410" y="590" width="60" height="44" rx="8" fill="#0b0c0e"/>
    <rect x="810" y="590" width="60" height="44" rx="8" fill="#0b0c0e"/>
    <path d="M430 470 Q450 400 520 388 L760 388 Q830 400 850 470 L880 500 Q892 520 890 560 L888 602 Q886 614 872 614 L408 614 Q394 614 392 602 L390 560 Q388 520 400 500 Z" fill="#5d636b"/>
    <path d="M470 470 Q488 412 530 404 L750 404 Q792 412 810 470 Z" fill="#1c2026"/>
    <path d="M490 462 Q505 420 540 414 L600 414 L560 462 Z" fill="#2c323a" opacity="0.8"/>
    <ellipse cx="470" cy="510" rx="46" ry="20" fill="#f6f2c8"/>
    <ellipse cx="810" cy="510" rx="46" ry="20" fill="#f6f2c8"/>
    <ellipse cx="470" cy="510" rx="80" ry="34" fill="#f6f2c8" opacity="0.18"/>
    <ellipse cx="810" cy="510" rx="80" ry="34" fill="#f6f2c8" opacity="0.18"/>
    <rect x="560" y="500" width="160" height="22" rx="4" fill="#3b4047"/>
    <g>
      <rect x="548" y="532" width="184" height="40" rx="4" fill="#f4f4f0" stroke="#111" stroke-width="2"/>
      <line x1="688" y1="532" x2="688" y2="572" stroke="#111" stroke-width="2"/>
      <text x="618" y="561" font-size="24" font-weight="700" text-anchor="middle" fill="#111">${xml(lettered(frame.plateNumber))}</text>
      <text x="710" y="553" font-size="16" font-weight="700" text-anchor="middle" fill="#111">${xml(frame.plateRegion)}</text>
      <text x="710" y="567" font-size="8" text-anchor="middle" fill="#111">RUS</text>
    </g>
  </g>`;
}

/** The road at night in perspective, with lane marks. */
function road(): string {
  const dashes = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const y1 = 330 + i * i * 14 + i * 20;
      const y2 = y1 + 10 + i * 8;
      const x = (y: number) => 640 + ((y - 300) / 420) * 330;
      const xl = (y: number) => 640 - ((y - 300) / 420) * 330;
      return `<line x1="${x(y1)}" y1="${y1}" x2="${x(y2)}" y2="${y2}"/><line x1="${xl(y1)}" y1="${y1}" x2="${xl(y2)}" y2="${y2}"/>`;
    })
    .join('');
  return `
  <rect width="1280" height="720" fill="url(#sky)"/>
  <polygon points="560,300 720,300 1280,720 0,720" fill="#2a2d31"/>
  <g stroke="#c9c9c0" stroke-width="4" opacity="0.6">${dashes}</g>
  <line x1="560" y1="300" x2="0" y2="700" stroke="#9a9a90" stroke-width="3" opacity="0.5"/>
  <line x1="720" y1="300" x2="1280" y2="700" stroke="#9a9a90" stroke-width="3" opacity="0.5"/>
  <rect x="120" y="150" width="6" height="170" fill="#3a3e44"/><circle cx="123" cy="150" r="14" fill="#e8e0b0" opacity="0.5"/>
  <rect x="1150" y="150" width="6" height="170" fill="#3a3e44"/><circle cx="1153" cy="150" r="14" fill="#e8e0b0" opacity="0.5"/>`;
}

/** What marks the violation in the scene: a red light, a no-stopping sign or a bus-lane marking. */
function evidence(article: string): string {
  if (article.startsWith('12.12')) {
    return `
  <rect x="1040" y="120" width="54" height="150" rx="10" fill="#111417" stroke="#2c3036" stroke-width="3"/>
  <circle cx="1067" cy="150" r="18" fill="#ff3b30"/><circle cx="1067" cy="150" r="34" fill="#ff3b30" opacity="0.25"/>
  <circle cx="1067" cy="195" r="18" fill="#3a2e12"/><circle cx="1067" cy="240" r="18" fill="#12301c"/>
  <rect x="1064" y="270" width="6" height="90" fill="#2c3036"/>
  <line x1="150" y1="640" x2="1130" y2="640" stroke="#e8e8e0" stroke-width="10" opacity="0.8"/>`;
  }
  if (article.startsWith('12.16.4') || article.startsWith('12.16.5') || article.startsWith('12.19')) {
    return `
  <rect x="1078" y="260" width="6" height="150" fill="#3a3e44"/>
  <circle cx="1081" cy="240" r="42" fill="#1f5fbf" stroke="#d62d20" stroke-width="10"/>
  <line x1="1053" y1="212" x2="1109" y2="268" stroke="#d62d20" stroke-width="9"/>
  <line x1="1109" y1="212" x2="1053" y2="268" stroke="#d62d20" stroke-width="9"/>`;
  }
  if (article.startsWith('12.17')) {
    return `
  <text x="250" y="610" font-size="80" font-weight="700" fill="#e8e8e0" opacity="0.75" text-anchor="middle">А</text>
  <line x1="560" y1="300" x2="160" y2="720" stroke="#e8e8e0" stroke-width="8" opacity="0.7"/>`;
  }
  return '';
}

/** A camera's photo of a violation as an SVG document: dark scene, the car and its plate, the data overlay. */
export function renderCameraFrame(frame: CameraFrame): string {
  const date = frame.violationAt.slice(0, 10).split('-').reverse().join('.');
  const time = frame.violationAt.slice(11, 19);
  const zoom = frame.position === 0 ? '' : ' transform="translate(640 380) scale(2.6) translate(-640 -552)"';
  const measure = frame.speed === null ? frame.articleTitle : `Скорость ${frame.speed.actual} км/ч · Ограничение ${frame.speed.limit} км/ч`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}" viewBox="0 0 1280 720" font-family="DejaVu Sans Mono, Consolas, monospace" role="img" aria-label="${xml(`${frame.title}: ${lettered(frame.plateNumber)} ${frame.plateRegion}, ${date} ${time}`)}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0d1014"/><stop offset="0.45" stop-color="#1b1f25"/><stop offset="1" stop-color="#24282d"/></linearGradient>
  </defs>
  <g${zoom}>${road()}${evidence(frame.article)}${car(frame)}
  </g>
  <rect width="1280" height="84" fill="#000" opacity="0.62"/>
  <text x="24" y="36" font-size="26" fill="#f2f2ea">${xml(date)} ${xml(time)}</text>
  <text x="1256" y="36" font-size="22" fill="#f2f2ea" text-anchor="end">${xml(frame.cameraId)}</text>
  <text x="24" y="70" font-size="20" fill="#d8d8cf">${xml(frame.address)}</text>
  <rect y="648" width="1280" height="72" fill="#000" opacity="0.62"/>
  <text x="24" y="692" font-size="24" fill="#ffd84a">${xml(measure)}</text>
  <text x="1256" y="692" font-size="20" fill="#d8d8cf" text-anchor="end">Кадр ${frame.position + 1} из ${frame.count} · ${xml(frame.title)}</text>
</svg>
`;
}
