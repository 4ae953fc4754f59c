import { createRandom, hashSeed } from './random.js';

/** Where an issuer hires its (fictional) analysts, which decides how their names look. */
export type NameStyle = 'western' | 'japanese' | 'indian' | 'latam' | 'chinese-latin' | 'chinese';

const GIVEN: Record<NameStyle, readonly string[]> = {
  western: [
    'James',
    'Emily',
    'Oliver',
    'Sophie',
    'Daniel',
    'Hannah',
    'Michael',
    'Laura',
    'Thomas',
    'Claire',
    'Benjamin',
    'Rachel',
    'Samuel',
    'Megan',
    'Lucas',
    'Anna',
    'Henry',
    'Julia',
    'Marcus',
    'Helena',
  ],
  japanese: ['Kenji', 'Haruka', 'Takumi', 'Yui', 'Daisuke', 'Aiko', 'Shota', 'Mei', 'Ryo', 'Naoko'],
  indian: ['Priya', 'Arjun', 'Kavya', 'Rohan', 'Ananya', 'Vikram', 'Neha', 'Siddharth', 'Meera', 'Karan'],
  latam: ['Mariana', 'Rafael', 'Camila', 'Diego', 'Lucia', 'Mateus', 'Isabela', 'Tomas'],
  'chinese-latin': ['Wei', 'Jing', 'Hao', 'Xin', 'Lei', 'Yan', 'Ming', 'Ting', 'Jun', 'Lin'],
  chinese: [
    '伟',
    '静',
    '晓明',
    '思远',
    '雨欣',
    '子涵',
    '浩然',
    '嘉怡',
    '志强',
    '文博',
    '若琳',
    '俊杰',
    '佳琪',
    '一鸣',
    '海峰',
    '婧',
    '磊',
    '昊天',
    '欣怡',
    '泽宇',
  ],
};

const FAMILY: Record<NameStyle, readonly string[]> = {
  western: [
    'Whitfield',
    'Hargrove',
    'Pemberton',
    'Calloway',
    'Ashworth',
    'Lindqvist',
    'Brandt',
    'Moreau',
    'Castellano',
    'Fairbanks',
    'Kessler',
    'Doyle',
    'Harrington',
    'Novak',
    'Ellison',
    'Weston',
    'Sorensen',
    'Albright',
    'Radcliffe',
    'Mercer',
  ],
  japanese: ['Moriyama', 'Takeda', 'Fujisawa', 'Hayashi', 'Kobayashi', 'Nakamura', 'Ishikawa', 'Ogawa'],
  indian: ['Raman', 'Iyer', 'Mehta', 'Kapoor', 'Nair', 'Desai', 'Banerjee', 'Reddy', 'Joshi', 'Malhotra'],
  latam: ['Oliveira', 'Carvalho', 'Mendes', 'Rocha', 'Ferreira', 'Almeida', 'Navarro', 'Ribeiro'],
  'chinese-latin': ['Zhang', 'Chen', 'Liu', 'Wang', 'Zhao', 'Huang', 'Zhou', 'Wu', 'Xu', 'Sun'],
  chinese: [
    '张',
    '王',
    '李',
    '刘',
    '陈',
    '杨',
    '黄',
    '赵',
    '周',
    '吴',
    '徐',
    '孙',
    '马',
    '朱',
    '胡',
    '郭',
    '何',
    '林',
  ],
};

/** A stable team of distinct analyst names for one issuer. */
export function analystTeam(issuerId: string, style: NameStyle, size: number): string[] {
  const random = createRandom(hashSeed('analysts', issuerId));
  const team = new Set<string>();
  while (team.size < size) {
    const given = random.pick(GIVEN[style]);
    const family = random.pick(FAMILY[style]);
    team.add(style === 'chinese' ? family + given : `${given} ${family}`);
  }
  return [...team];
}
