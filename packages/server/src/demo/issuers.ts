import type { Country, ReportLanguage } from '@rl/contract';
import { analystTeam, type NameStyle } from './names.js';

/** A fictional research house. Chinese houses publish in Chinese, the others in English. */
export interface DemoIssuer {
  /** ASCII id, used in file names. */
  id: string;
  name: string;
  language: ReportLanguage;
  homeCountry: Country;
  /** Brand colour, `#rrggbb`. */
  color: string;
  analysts: string[];
}

type IssuerSeed = [id: string, name: string, home: Country, color: string, names: NameStyle];

const ISSUER_SEEDS: readonly IssuerSeed[] = [
  ['northbridge-securities', 'Northbridge Securities', 'U.S.', '#0b3d91', 'western'],
  ['redwood-harbor', 'Redwood Harbor Capital', 'U.S.', '#8b1e3f', 'western'],
  ['granite-peak', 'Granite Peak Research', 'U.S.', '#2f4f4f', 'western'],
  ['summit-ridge', 'Summit Ridge Partners', 'U.S.', '#1f6f8b', 'western'],
  ['meridian-lane', 'Meridian Lane Markets', 'UK', '#5b2c83', 'western'],
  ['thameside', 'Thameside Capital Markets', 'UK', '#00594f', 'western'],
  ['albion-crest', 'Albion Crest Securities', 'UK', '#7a1f1f', 'western'],
  ['rhenus', 'Rhenus Bank Research', 'EU', '#003a70', 'western'],
  ['banque-solenne', 'Banque Solenne', 'EU', '#a23b2a', 'western'],
  ['nordlicht', 'Nordlicht Securities', 'EU', '#2e5e4e', 'western'],
  ['adriatica', 'Adriatica Capital', 'EU', '#1c4e80', 'western'],
  ['sakura-ridge', 'Sakura Ridge Securities', 'Japan', '#b0304a', 'japanese'],
  ['kanto-bay', 'Kanto Bay Research', 'Japan', '#243e7a', 'japanese'],
  ['hoshimi', 'Hoshimi Capital Markets', 'Japan', '#3e3a7a', 'japanese'],
  ['deccan-peak', 'Deccan Peak Securities', 'India', '#c05a00', 'indian'],
  ['indigo-tide', 'Indigo Tide Research', 'India', '#2c3e91', 'indian'],
  ['cerrado', 'Cerrado Capital Research', 'EM', '#2e7d32', 'latam'],
  ['atlas-frontier', 'Atlas Frontier Securities', 'EM', '#6d4c41', 'western'],
  ['pacific-lantern', 'Pacific Lantern Securities', 'China', '#b71c1c', 'chinese-latin'],
  ['jade-harbour', 'Jade Harbour Capital', 'China', '#00695c', 'chinese-latin'],
  ['copperline', 'Copperline Research', 'Other countries', '#8d5524', 'western'],
  ['maple-crest', 'Maple Crest Securities', 'Other countries', '#ad1457', 'western'],
  ['global-tide', 'Global Tide Economics', 'Global', '#0d47a1', 'western'],
  ['harborview', 'Harborview Strategy Partners', 'Global', '#37474f', 'western'],
  ['hy-securities', '瀚远证券', 'China', '#c62828', 'chinese'],
  ['ql-securities', '青岚证券', 'China', '#1565c0', 'chinese'],
  ['jc-securities', '锦程证券', 'China', '#ad1457', 'chinese'],
  ['qmx-securities', '启明星证券', 'China', '#e65100', 'chinese'],
  ['dy-securities', '东曜证券', 'China', '#b71c1c', 'chinese'],
  ['yf-securities', '云帆证券', 'China', '#00838f', 'chinese'],
  ['jh-securities', '嘉禾证券', 'China', '#2e7d32', 'chinese'],
  ['bc-securities', '北辰国际证券', 'Global', '#283593', 'chinese'],
  ['nh-securities', '南衡证券', 'China', '#6a1b9a', 'chinese'],
  ['thyh-securities', '泰和远航证券', 'China', '#8e2424', 'chinese'],
  ['zx-securities', '知行证券', 'China', '#004d40', 'chinese'],
  ['by-capital', '博衍资本', 'Global', '#4e342e', 'chinese'],
];

const TEAM_SIZE = 5;

export const DEMO_ISSUERS: readonly DemoIssuer[] = ISSUER_SEEDS.map(
  ([id, name, homeCountry, color, names]) => ({
    id,
    name,
    language: names === 'chinese' ? 'zh' : 'en',
    homeCountry,
    color,
    analysts: analystTeam(id, names, TEAM_SIZE),
  }),
);

export function issuersWriting(language: ReportLanguage): DemoIssuer[] {
  return DEMO_ISSUERS.filter((issuer) => issuer.language === language);
}

export function findIssuer(name: string): DemoIssuer | undefined {
  return DEMO_ISSUERS.find((issuer) => issuer.name === name);
}
