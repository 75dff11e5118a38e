import { useTranslate } from 'react-admin';
import { englishDetailText, renderBasisDetail, type BasisDetailPart } from '../../../engine/basis/detail.ts';

export interface BasisDetailRecord {
  detail: string;
  /** Null for findings stored before the parts were (migration 0028): those show the engine's English. */
  detailParts?: readonly BasisDetailPart[] | null;
}

/** A basis finding's DETAIL in the UI's language (issue 15 item 7), said from its parts. */
export function BasisDetail({ record }: { record: BasisDetailRecord }) {
  const translate = useTranslate();
  if (!record.detailParts) return <>{record.detail}</>;
  return <>{renderBasisDetail(record.detailParts, (key, params) => translate(`segra.basis_details.${key}`, { ...params, _: englishDetailText(key, params) }))}</>;
}
