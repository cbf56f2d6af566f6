import RateReviewIcon from '@mui/icons-material/RateReview';
import { ReviewList } from './ReviewList';
import { ReviewShow } from './ReviewShow';

/** Reviews from real dealings; staff hide one with a reason (audited) or show it again. */
export default {
  list: ReviewList,
  show: ReviewShow,
  icon: RateReviewIcon,
  recordRepresentation: 'title',
  options: { label: 'Reviews' },
};
