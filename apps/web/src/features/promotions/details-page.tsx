import { useSearchParams } from 'react-router';
import { idParam, NotFound, PromotionScreen } from './promotion-screen';

/** /user/youhuiDetails?id=N: one promotion (the type pages show the same, found by type). */
export default function YouhuiDetailsPage() {
  const id = idParam(useSearchParams()[0]);
  return id === null ? <NotFound /> : <PromotionScreen key={id} id={id} />;
}
