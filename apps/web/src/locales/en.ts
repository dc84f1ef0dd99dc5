/** Every namespace of the language at once, for tests; the app loads them one by one (lib/i18n.ts). */
import { errorsEn, msgEn } from '@app/shared/locales/en';
import common from './en/common.json';
import auth from './en/auth.json';
import avatar from './en/avatar.json';
import provider from './en/provider.json';
import content from './en/content.json';
import faq from './en/faq.json';
import meet from './en/meet.json';
import affiliates from './en/affiliates.json';
import support from './en/support.json';
import legal from './en/legal.json';
import consent from './en/consent.json';
import install from './en/install.json';
import seo from './en/seo.json';
import market from './en/market.json';
import wallet from './en/wallet.json';
import meeting from './en/meeting.json';
import chat from './en/chat.json';
import map from './en/map.json';
import kyc from './en/kyc.json';
import cpa from './en/cpa.json';
import referral from './en/referral.json';
import operations from './en/operations.json';
import news from './en/news.json';
import moderation from './en/moderation.json';
import business from './en/business.json';

export default {
  common,
  msg: msgEn,
  errors: errorsEn,
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
