/** The body of /features/community (one chunk per feature page: see ../featurePages.ts). */
import type { FeaturePageContent } from '../featurePages';

const page: FeaturePageContent = {
  slug: 'community',
  headline: 'Encourage each other in prayer',
  intro:
    'Create private prayer groups with family and friends and support each other, without sharing your full prayer log. Community features are in progress.',
  cta: { label: 'Join the Waitlist', to: '/join' },
  benefits: [
    {
      icon: 'users',
      title: 'Together, privately',
      description: 'Groups are invitation-only; members see only what you choose to share.',
    },
    {
      icon: 'heart',
      title: 'Gentle encouragement',
      description: 'Send a short dua or a reminder instead of comparing scores.',
    },
    {
      icon: 'target',
      title: 'Shared goals',
      description: 'Set a group goal such as reading a juz a week during Ramadan.',
    },
  ],
  features: [
    {
      icon: 'users',
      title: 'Prayer groups',
      description: 'Invite members by link; leave or remove members at any time.',
    },
    {
      icon: 'phone',
      title: 'User profiles',
      description: 'A simple profile with a display name and no public activity feed.',
    },
    {
      icon: 'bell',
      title: 'Group reminders',
      description: 'Remind the group of a halaqa, a fast or Jumuah.',
    },
    {
      icon: 'shield',
      title: 'Safe by default',
      description: 'Report and block tools, and no messages from strangers.',
    },
  ],
  faq: [
    {
      question: 'Can other members see my prayers?',
      answer: 'Only if you turn on sharing for that group, and then only a weekly summary.',
    },
    {
      question: 'Is there a limit to group size?',
      answer: 'Groups hold up to 50 members, which suits families, classes and halaqas.',
    },
    {
      question: 'Do I need an account?',
      answer: 'Yes. Community features need a free account so your group membership can sync.',
    },
  ],
};

export default page;
