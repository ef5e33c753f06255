import bw from 'flag-icons/flags/4x3/bw.svg?url&no-inline';
import cd from 'flag-icons/flags/4x3/cd.svg?url&no-inline';
import cm from 'flag-icons/flags/4x3/cm.svg?url&no-inline';
import de from 'flag-icons/flags/4x3/de.svg?url&no-inline';
import es from 'flag-icons/flags/4x3/es.svg?url&no-inline';
import fr from 'flag-icons/flags/4x3/fr.svg?url&no-inline';
import gb from 'flag-icons/flags/4x3/gb.svg?url&no-inline';
import gh from 'flag-icons/flags/4x3/gh.svg?url&no-inline';
import ke from 'flag-icons/flags/4x3/ke.svg?url&no-inline';
import mz from 'flag-icons/flags/4x3/mz.svg?url&no-inline';
import ng from 'flag-icons/flags/4x3/ng.svg?url&no-inline';
import nl from 'flag-icons/flags/4x3/nl.svg?url&no-inline';
import rw from 'flag-icons/flags/4x3/rw.svg?url&no-inline';
import sa from 'flag-icons/flags/4x3/sa.svg?url&no-inline';
import sn from 'flag-icons/flags/4x3/sn.svg?url&no-inline';
import za from 'flag-icons/flags/4x3/za.svg?url&no-inline';
import zw from 'flag-icons/flags/4x3/zw.svg?url&no-inline';
import type { Locale } from '../platform/i18n/locales.ts';

/**
 * Flag files, one per country a locale names (`Record` makes a missing one a type error).
 * Files, not inlined data: they are fetched only when the picker opens, instead of riding
 * along with every page's HTML and script.
 */
const FLAGS: Record<Locale['flag'], string> = {
  BW: bw,
  CD: cd,
  CM: cm,
  DE: de,
  ES: es,
  FR: fr,
  GB: gb,
  GH: gh,
  KE: ke,
  MZ: mz,
  NG: ng,
  NL: nl,
  RW: rw,
  SA: sa,
  SN: sn,
  ZA: za,
  ZW: zw,
};

export function Flag({ country }: { country: Locale['flag'] }) {
  // Decorative: the language's name beside it is the label.
  return <img className="flag" src={FLAGS[country]} alt="" width={20} height={15} loading="lazy" decoding="async" />;
}
