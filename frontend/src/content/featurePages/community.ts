/** The body of /features/community (one chunk per feature page: see ../featurePages.ts). */
import { msg } from '@lingui/core/macro';
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'community',
  headline: msg`Encourage each other in prayer`,
  intro: msg`Create private prayer groups with family and friends and support each other, without sharing your full prayer log. Community features are in progress.`,
  benefits: [
    {
      icon: 'users',
      title: msg`Together, privately`,
      description: msg`Groups are invitation-only; members see only what you choose to share.`,
    },
    {
      icon: 'heart',
      title: msg`Gentle encouragement`,
      description: msg`Send a short dua or a reminder instead of comparing scores.`,
    },
    {
      icon: 'target',
      title: msg`Shared goals`,
      description: msg`Set a group goal such as reading a juz a week during Ramadan.`,
    },
  ],
  features: [
    {
      icon: 'users',
      title: msg`Prayer groups`,
      description: msg`Invite members by link; leave or remove members at any time.`,
    },
    {
      icon: 'phone',
      title: msg`User profiles`,
      description: msg`A simple profile with a display name and no public activity feed.`,
    },
    {
      icon: 'bell',
      title: msg`Group reminders`,
      description: msg`Remind the group of a halaqa, a fast or Jumuah.`,
    },
    {
      icon: 'shield',
      title: msg`Safe by default`,
      description: msg`Report and block tools, and no messages from strangers.`,
    },
  ],
  faq: [
    {
      question: msg`Can other members see my prayers?`,
      answer: msg`Only if you turn on sharing for that group, and then only a weekly summary.`,
    },
    {
      question: msg`Is there a limit to group size?`,
      answer: msg`Groups hold up to 50 members, which suits families, classes and halaqas.`,
    },
    {
      question: msg`Do I need an account?`,
      answer: msg`Yes. Community features need a free account so your group membership can sync.`,
    },
  ],
};

export default page;
