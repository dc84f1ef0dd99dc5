/** Every namespace of the language at once, for tests; the app loads them one by one (lib/i18n.ts). */
import { errorsRu, msgRu } from '@app/shared/locales/ru';
import common from './ru/common.json';
import auth from './ru/auth.json';
import avatar from './ru/avatar.json';
import provider from './ru/provider.json';
import content from './ru/content.json';
import faq from './ru/faq.json';
import meet from './ru/meet.json';
import affiliates from './ru/affiliates.json';
import support from './ru/support.json';
import legal from './ru/legal.json';
import consent from './ru/consent.json';
import install from './ru/install.json';
import seo from './ru/seo.json';
import market from './ru/market.json';
import wallet from './ru/wallet.json';
import meeting from './ru/meeting.json';
import chat from './ru/chat.json';
import map from './ru/map.json';
import kyc from './ru/kyc.json';
import cpa from './ru/cpa.json';
import referral from './ru/referral.json';
import operations from './ru/operations.json';
import news from './ru/news.json';
import moderation from './ru/moderation.json';
import business from './ru/business.json';

export default {
  common,
  msg: msgRu,
  errors: errorsRu,
  auth,
  avatar,
  provider,
  content,
  faq,
  legal,
  meet,
  affiliates,
  support,
  consent,
  install,
  seo,
  market,
  wallet,
  chat,
  meeting,
  map,
  kyc,
  cpa,
  referral,
  operations,
  news,
  moderation,
  business,
};
