import type { InterfaceLocale } from '@malewa/contracts/interface-locales';

/**
 * The messages the API sends, by template. Each needs the params named in its texts. The codes
 * among them (`CODE_TEMPLATES`, db/schema/messages.ts) are sent before any other that is due.
 */
export type TemplateName =
  | 'confirm'
  | 'already-registered'
  | 'already-registered-social'
  | 'reset'
  | 'password-changed'
  | 'receipt'
  | 'application-approved'
  | 'application-rejected'
  | 'problem-resolved';

interface Text {
  subject: string;
  body: string;
}

type Catalog = Record<TemplateName, Text>;

/**
 * The six core languages; any other interface language falls back to English (lu, ln and
 * bas read French, as the storefront's catalogs do). `{name}` is replaced by a param.
 */
const CATALOGS: Record<'en' | 'ar' | 'es' | 'fr' | 'pt' | 'sw', Catalog> = {
  en: {
    confirm: {
      subject: 'Your Malewa code: {code}',
      body:
        'Your Malewa code is {code}. It works once, for 10 minutes.\n\n' +
        'Or open this link to confirm: {link}\n\n' +
        'If you did not ask for this code, ignore this message.',
    },
    'already-registered': {
      subject: 'Someone tried to create a Malewa account with your details',
      body:
        'Someone, maybe you, tried to create a Malewa account with {identifier}. You already have an account.\n\n' +
        'Sign in: {loginLink}\nForgot your password? {forgotLink}\n\n' +
        'If it was not you, ignore this message: nothing has changed.',
    },
    'already-registered-social': {
      subject: 'Someone tried to create a Malewa account with your details',
      body:
        'Someone, maybe you, tried to create a Malewa account with a password for {identifier}. ' +
        'This address already has an account, which you open with {providers}.\n\n' +
        'Sign in with {providers}: {loginLink}\n\n' +
        'If it was not you, ignore this message: nothing has changed.',
    },
    reset: {
      subject: 'Choose a new Malewa password',
      body:
        'To choose a new Malewa password, open this link within 30 minutes: {link}\n\n' +
        'If you did not ask for this, ignore this message: your password stays the same.',
    },
    'password-changed': {
      subject: 'Your Malewa password was changed',
      body:
        'The password of your Malewa account was changed, and every other session was signed out.\n\n' +
        'If this was not you, choose a new password now: {forgotLink}',
    },
    receipt: {
      subject: 'Your Malewa order is placed',
      body: 'Thank you! Your order is placed:\n\n{orders}\n\n{payment}\n\nFollow it here: {link}',
    },
    'application-approved': {
      subject: '{business} is on Malewa {service}',
      body:
        'Welcome, {name}! Your application to join Malewa {service} as {business} is approved: your shop is open.\n\n' +
        'Add what you sell and your opening hours in your provider console: {link}',
    },
    'application-rejected': {
      subject: 'Your application to join Malewa {service}',
      body:
        'Hello {name}, we could not approve your application to join Malewa {service} as {business}.\n\n' +
        'Why: {reason}\n\nYou can put it right and apply again: {link}',
    },
    'problem-resolved': {
      subject: 'Your report on your order from {shop}',
      body: '{shop} has looked at the problem you reported with your order.\n\n{outcome}{note}\n\nYour order: {link}',
    },
  },
  ar: {
    confirm: {
      subject: 'رمز Malewa الخاص بك: {code}',
      body:
        'رمز Malewa الخاص بك هو {code}. يصلح مرة واحدة ولمدة 10 دقائق.\n\n' +
        'أو افتح هذا الرابط للتأكيد: {link}\n\n' +
        'إذا لم تطلب هذا الرمز، فتجاهل هذه الرسالة.',
    },
    'already-registered': {
      subject: 'حاول شخص ما إنشاء حساب Malewa ببياناتك',
      body:
        'حاول شخص ما، ربما أنت، إنشاء حساب Malewa باستخدام {identifier}. لديك حساب بالفعل.\n\n' +
        'تسجيل الدخول: {loginLink}\nنسيت كلمة المرور؟ {forgotLink}\n\n' +
        'إذا لم تكن أنت، فتجاهل هذه الرسالة: لم يتغير شيء.',
    },
    'already-registered-social': {
      subject: 'حاول شخص ما إنشاء حساب Malewa ببياناتك',
      body:
        'حاول شخص ما، ربما أنت، إنشاء حساب Malewa بكلمة مرور باستخدام {identifier}. ' +
        'لهذا العنوان حساب بالفعل، تفتحه عبر {providers}.\n\n' +
        'تسجيل الدخول عبر {providers}: {loginLink}\n\n' +
        'إذا لم تكن أنت، فتجاهل هذه الرسالة: لم يتغير شيء.',
    },
    reset: {
      subject: 'اختر كلمة مرور جديدة لـ Malewa',
      body:
        'لاختيار كلمة مرور جديدة لـ Malewa، افتح هذا الرابط خلال 30 دقيقة: {link}\n\n' +
        'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة المرور كما هي.',
    },
    'password-changed': {
      subject: 'تم تغيير كلمة مرور Malewa الخاصة بك',
      body:
        'تم تغيير كلمة مرور حسابك في Malewa، وتم تسجيل الخروج من جميع الجلسات الأخرى.\n\n' +
        'إذا لم تكن أنت، فاختر كلمة مرور جديدة الآن: {forgotLink}',
    },
    receipt: {
      subject: 'تم تقديم طلبك من Malewa',
      body: 'شكرًا لك! تم تقديم طلبك:\n\n{orders}\n\n{payment}\n\nتابع طلبك هنا: {link}',
    },
    'application-approved': {
      subject: '{business} على Malewa {service}',
      body:
        'مرحبًا {name}! تمت الموافقة على طلب انضمام {business} إلى Malewa {service}: متجرك مفتوح.\n\n' +
        'أضف ما تبيعه ومواعيد العمل في لوحة المزوّد: {link}',
    },
    'application-rejected': {
      subject: 'طلب انضمامك إلى Malewa {service}',
      body:
        'مرحبًا {name}، لم نتمكن من الموافقة على طلب انضمام {business} إلى Malewa {service}.\n\n' +
        'السبب: {reason}\n\nيمكنك تصحيح ذلك والتقديم من جديد: {link}',
    },
    'problem-resolved': {
      subject: 'بلاغك عن طلبك من {shop}',
      body: 'اطّلع {shop} على المشكلة التي أبلغت عنها في طلبك.\n\n{outcome}{note}\n\nطلبك: {link}',
    },
  },
  es: {
    confirm: {
      subject: 'Tu código de Malewa: {code}',
      body:
        'Tu código de Malewa es {code}. Sirve una sola vez, durante 10 minutos.\n\n' +
        'O abre este enlace para confirmar: {link}\n\n' +
        'Si no pediste este código, ignora este mensaje.',
    },
    'already-registered': {
      subject: 'Alguien intentó crear una cuenta de Malewa con tus datos',
      body:
        'Alguien, quizá tú, intentó crear una cuenta de Malewa con {identifier}. Ya tienes una cuenta.\n\n' +
        'Inicia sesión: {loginLink}\n¿Olvidaste tu contraseña? {forgotLink}\n\n' +
        'Si no fuiste tú, ignora este mensaje: no ha cambiado nada.',
    },
    'already-registered-social': {
      subject: 'Alguien intentó crear una cuenta de Malewa con tus datos',
      body:
        'Alguien, quizá tú, intentó crear una cuenta de Malewa con contraseña para {identifier}. ' +
        'Esta dirección ya tiene una cuenta, que abres con {providers}.\n\n' +
        'Inicia sesión con {providers}: {loginLink}\n\n' +
        'Si no fuiste tú, ignora este mensaje: no ha cambiado nada.',
    },
    reset: {
      subject: 'Elige una nueva contraseña de Malewa',
      body:
        'Para elegir una nueva contraseña de Malewa, abre este enlace en los próximos 30 minutos: {link}\n\n' +
        'Si no lo pediste, ignora este mensaje: tu contraseña no cambia.',
    },
    'password-changed': {
      subject: 'Se cambió tu contraseña de Malewa',
      body:
        'Se cambió la contraseña de tu cuenta de Malewa y se cerraron todas las demás sesiones.\n\n' +
        'Si no fuiste tú, elige una nueva contraseña ahora: {forgotLink}',
    },
    receipt: {
      subject: 'Tu pedido de Malewa está hecho',
      body: '¡Gracias! Tu pedido está hecho:\n\n{orders}\n\n{payment}\n\nSíguelo aquí: {link}',
    },
    'application-approved': {
      subject: '{business} ya está en Malewa {service}',
      body:
        '¡Bienvenido, {name}! Tu solicitud para unirte a Malewa {service} como {business} está aprobada: tu tienda está abierta.\n\n' +
        'Añade lo que vendes y tu horario en tu consola de proveedor: {link}',
    },
    'application-rejected': {
      subject: 'Tu solicitud para unirte a Malewa {service}',
      body:
        'Hola {name}, no hemos podido aprobar tu solicitud para unirte a Malewa {service} como {business}.\n\n' +
        'Motivo: {reason}\n\nPuedes corregirlo y volver a solicitarlo: {link}',
    },
    'problem-resolved': {
      subject: 'Tu aviso sobre tu pedido de {shop}',
      body: '{shop} ha revisado el problema que indicaste en tu pedido.\n\n{outcome}{note}\n\nTu pedido: {link}',
    },
  },
  fr: {
    confirm: {
      subject: 'Votre code Malewa : {code}',
      body:
        'Votre code Malewa est {code}. Il fonctionne une seule fois, pendant 10 minutes.\n\n' +
        'Ou ouvrez ce lien pour confirmer : {link}\n\n' +
        "Si vous n'avez pas demandé ce code, ignorez ce message.",
    },
    'already-registered': {
      subject: "Quelqu'un a essayé de créer un compte Malewa avec vos coordonnées",
      body:
        "Quelqu'un, peut-être vous, a essayé de créer un compte Malewa avec {identifier}. Vous avez déjà un compte.\n\n" +
        'Se connecter : {loginLink}\nMot de passe oublié ? {forgotLink}\n\n' +
        "Si ce n'était pas vous, ignorez ce message : rien n'a changé.",
    },
    'already-registered-social': {
      subject: "Quelqu'un a essayé de créer un compte Malewa avec vos coordonnées",
      body:
        "Quelqu'un, peut-être vous, a essayé de créer un compte Malewa avec mot de passe pour {identifier}. " +
        'Cette adresse a déjà un compte, que vous ouvrez avec {providers}.\n\n' +
        'Se connecter avec {providers} : {loginLink}\n\n' +
        "Si ce n'était pas vous, ignorez ce message : rien n'a changé.",
    },
    reset: {
      subject: 'Choisissez un nouveau mot de passe Malewa',
      body:
        'Pour choisir un nouveau mot de passe Malewa, ouvrez ce lien dans les 30 minutes : {link}\n\n' +
        "Si vous ne l'avez pas demandé, ignorez ce message : votre mot de passe reste le même.",
    },
    'password-changed': {
      subject: 'Votre mot de passe Malewa a été modifié',
      body:
        'Le mot de passe de votre compte Malewa a été modifié et toutes les autres sessions ont été fermées.\n\n' +
        "Si ce n'était pas vous, choisissez un nouveau mot de passe maintenant : {forgotLink}",
    },
    receipt: {
      subject: 'Votre commande Malewa est passée',
      body: 'Merci ! Votre commande est passée :\n\n{orders}\n\n{payment}\n\nSuivez-la ici : {link}',
    },
    'application-approved': {
      subject: '{business} est sur Malewa {service}',
      body:
        'Bienvenue, {name} ! Votre demande pour rejoindre Malewa {service} en tant que {business} est acceptée : votre boutique est ouverte.\n\n' +
        'Ajoutez ce que vous vendez et vos horaires dans votre console de fournisseur : {link}',
    },
    'application-rejected': {
      subject: 'Votre demande pour rejoindre Malewa {service}',
      body:
        'Bonjour {name}, nous n’avons pas pu accepter votre demande pour rejoindre Malewa {service} en tant que {business}.\n\n' +
        'Raison : {reason}\n\nVous pouvez corriger et refaire une demande : {link}',
    },
    'problem-resolved': {
      subject: 'Votre signalement sur votre commande chez {shop}',
      body: '{shop} a examiné le problème que vous avez signalé sur votre commande.\n\n{outcome}{note}\n\nVotre commande : {link}',
    },
  },
  pt: {
    confirm: {
      subject: 'O seu código Malewa: {code}',
      body:
        'O seu código Malewa é {code}. Funciona uma só vez, durante 10 minutos.\n\n' +
        'Ou abra esta ligação para confirmar: {link}\n\n' +
        'Se não pediu este código, ignore esta mensagem.',
    },
    'already-registered': {
      subject: 'Alguém tentou criar uma conta Malewa com os seus dados',
      body:
        'Alguém, talvez você, tentou criar uma conta Malewa com {identifier}. Já tem uma conta.\n\n' +
        'Entrar: {loginLink}\nEsqueceu a palavra-passe? {forgotLink}\n\n' +
        'Se não foi você, ignore esta mensagem: nada mudou.',
    },
    'already-registered-social': {
      subject: 'Alguém tentou criar uma conta Malewa com os seus dados',
      body:
        'Alguém, talvez você, tentou criar uma conta Malewa com palavra-passe para {identifier}. ' +
        'Este endereço já tem uma conta, que abre com {providers}.\n\n' +
        'Entrar com {providers}: {loginLink}\n\n' +
        'Se não foi você, ignore esta mensagem: nada mudou.',
    },
    reset: {
      subject: 'Escolha uma nova palavra-passe Malewa',
      body:
        'Para escolher uma nova palavra-passe Malewa, abra esta ligação dentro de 30 minutos: {link}\n\n' +
        'Se não pediu isto, ignore esta mensagem: a sua palavra-passe continua a mesma.',
    },
    'password-changed': {
      subject: 'A sua palavra-passe Malewa foi alterada',
      body:
        'A palavra-passe da sua conta Malewa foi alterada e todas as outras sessões foram terminadas.\n\n' +
        'Se não foi você, escolha já uma nova palavra-passe: {forgotLink}',
    },
    receipt: {
      subject: 'A sua encomenda Malewa foi feita',
      body: 'Obrigado! A sua encomenda foi feita:\n\n{orders}\n\n{payment}\n\nAcompanhe-a aqui: {link}',
    },
    'application-approved': {
      subject: '{business} já está na Malewa {service}',
      body:
        'Bem-vindo, {name}! O seu pedido para aderir à Malewa {service} como {business} foi aprovado: a sua loja está aberta.\n\n' +
        'Adicione o que vende e o seu horário na sua consola de fornecedor: {link}',
    },
    'application-rejected': {
      subject: 'O seu pedido para aderir à Malewa {service}',
      body:
        'Olá {name}, não pudemos aprovar o seu pedido para aderir à Malewa {service} como {business}.\n\n' +
        'Motivo: {reason}\n\nPode corrigir e voltar a pedir: {link}',
    },
    'problem-resolved': {
      subject: 'A sua reclamação sobre a encomenda de {shop}',
      body: '{shop} analisou o problema que indicou na sua encomenda.\n\n{outcome}{note}\n\nA sua encomenda: {link}',
    },
  },
  sw: {
    confirm: {
      subject: 'Nambari yako ya Malewa: {code}',
      body:
        'Nambari yako ya Malewa ni {code}. Inafanya kazi mara moja tu, kwa dakika 10.\n\n' +
        'Au fungua kiungo hiki kuthibitisha: {link}\n\n' +
        'Kama hukuomba nambari hii, puuza ujumbe huu.',
    },
    'already-registered': {
      subject: 'Mtu alijaribu kufungua akaunti ya Malewa kwa taarifa zako',
      body:
        'Mtu, labda wewe, alijaribu kufungua akaunti ya Malewa kwa {identifier}. Tayari una akaunti.\n\n' +
        'Ingia: {loginLink}\nUmesahau nenosiri? {forgotLink}\n\n' +
        'Kama si wewe, puuza ujumbe huu: hakuna kilichobadilika.',
    },
    'already-registered-social': {
      subject: 'Mtu alijaribu kufungua akaunti ya Malewa kwa taarifa zako',
      body:
        'Mtu, labda wewe, alijaribu kufungua akaunti ya Malewa yenye nenosiri kwa {identifier}. ' +
        'Anwani hii tayari ina akaunti, ambayo unaifungua kwa {providers}.\n\n' +
        'Ingia kwa {providers}: {loginLink}\n\n' +
        'Kama si wewe, puuza ujumbe huu: hakuna kilichobadilika.',
    },
    reset: {
      subject: 'Chagua nenosiri jipya la Malewa',
      body:
        'Ili kuchagua nenosiri jipya la Malewa, fungua kiungo hiki ndani ya dakika 30: {link}\n\n' +
        'Kama hukuomba hili, puuza ujumbe huu: nenosiri lako linabaki vilevile.',
    },
    'password-changed': {
      subject: 'Nenosiri lako la Malewa limebadilishwa',
      body:
        'Nenosiri la akaunti yako ya Malewa limebadilishwa, na vipindi vingine vyote vimetolewa.\n\n' +
        'Kama si wewe, chagua nenosiri jipya sasa: {forgotLink}',
    },
    receipt: {
      subject: 'Oda yako ya Malewa imewekwa',
      body: 'Asante! Oda yako imewekwa:\n\n{orders}\n\n{payment}\n\nIfuatilie hapa: {link}',
    },
    'application-approved': {
      subject: '{business} sasa iko kwenye Malewa {service}',
      body:
        'Karibu, {name}! Ombi lako la kujiunga na Malewa {service} kama {business} limekubaliwa: duka lako liko wazi.\n\n' +
        'Ongeza unachouza na saa zako za kazi kwenye dashibodi yako ya mtoa huduma: {link}',
    },
    'application-rejected': {
      subject: 'Ombi lako la kujiunga na Malewa {service}',
      body:
        'Habari {name}, hatukuweza kukubali ombi lako la kujiunga na Malewa {service} kama {business}.\n\n' +
        'Sababu: {reason}\n\nUnaweza kurekebisha na kuomba tena: {link}',
    },
    'problem-resolved': {
      subject: 'Ripoti yako kuhusu oda yako kutoka {shop}',
      body: '{shop} imeangalia tatizo uliloripoti kuhusu oda yako.\n\n{outcome}{note}\n\nOda yako: {link}',
    },
  },
};

/**
 * The receipt's sentence on the money (its `{payment}`), by the checkout's payment situation
 * (receipt.ts picks it): cash only where cash is due, else what was paid and how, or what is
 * pending. `{amount}` is the amount the sentence is about, `{method}` a mobile money's name,
 * `{note}` the note the shopper pays cash with.
 */
export type ReceiptPayment =
  | 'cash_due'
  | 'cash_due_change'
  | 'paid_cash'
  | 'paid_card'
  | 'paid_mobile'
  | 'pending'
  | 'refunded'
  | 'partly_refunded'
  | 'nothing_to_pay';

const RECEIPT_PAYMENTS: Record<keyof typeof CATALOGS, Record<ReceiptPayment, string>> = {
  en: {
    cash_due: 'To pay: {amount}, in cash on delivery.',
    cash_due_change: 'To pay: {amount}, in cash on delivery (change for {note}).',
    paid_cash: 'Paid: {amount}, in cash.',
    paid_card: 'Paid: {amount} by card.',
    paid_mobile: 'Paid: {amount} by {method}.',
    pending: 'Payment pending.',
    refunded: 'Refunded: {amount}.',
    partly_refunded: 'Partly refunded: {amount}.',
    nothing_to_pay: 'Nothing to pay.',
  },
  ar: {
    cash_due: 'المبلغ المطلوب: {amount}، نقدًا عند التسليم.',
    cash_due_change: 'المبلغ المطلوب: {amount}، نقدًا عند التسليم (مع الباقي من {note}).',
    paid_cash: 'المبلغ المدفوع: {amount}، نقدًا.',
    paid_card: 'المبلغ المدفوع: {amount} بالبطاقة.',
    paid_mobile: 'المبلغ المدفوع: {amount} عبر {method}.',
    pending: 'الدفع قيد الانتظار.',
    refunded: 'المبلغ المسترد: {amount}.',
    partly_refunded: 'مُسترَد جزئيًا: {amount}.',
    nothing_to_pay: 'لا يوجد ما تدفعه.',
  },
  es: {
    cash_due: 'A pagar: {amount}, en efectivo a la entrega.',
    cash_due_change: 'A pagar: {amount}, en efectivo a la entrega (cambio para {note}).',
    paid_cash: 'Pagado: {amount}, en efectivo.',
    paid_card: 'Pagado: {amount} con tarjeta.',
    paid_mobile: 'Pagado: {amount} con {method}.',
    pending: 'Pago pendiente.',
    refunded: 'Reembolsado: {amount}.',
    partly_refunded: 'Reembolsado en parte: {amount}.',
    nothing_to_pay: 'Nada que pagar.',
  },
  fr: {
    cash_due: 'À payer : {amount}, en espèces à la livraison.',
    cash_due_change: 'À payer : {amount}, en espèces à la livraison (monnaie sur {note}).',
    paid_cash: 'Payé : {amount}, en espèces.',
    paid_card: 'Payé : {amount} par carte.',
    paid_mobile: 'Payé : {amount} par {method}.',
    pending: 'Paiement en attente.',
    refunded: 'Remboursé : {amount}.',
    partly_refunded: 'Remboursé en partie : {amount}.',
    nothing_to_pay: 'Rien à payer.',
  },
  pt: {
    cash_due: 'A pagar: {amount}, em dinheiro na entrega.',
    cash_due_change: 'A pagar: {amount}, em dinheiro na entrega (troco para {note}).',
    paid_cash: 'Pago: {amount}, em dinheiro.',
    paid_card: 'Pago: {amount} com cartão.',
    paid_mobile: 'Pago: {amount} com {method}.',
    pending: 'Pagamento pendente.',
    refunded: 'Reembolsado: {amount}.',
    partly_refunded: 'Reembolsado em parte: {amount}.',
    nothing_to_pay: 'Nada a pagar.',
  },
  sw: {
    cash_due: 'Kulipa: {amount}, kwa pesa taslimu wakati wa kupokea.',
    cash_due_change: 'Kulipa: {amount}, kwa pesa taslimu wakati wa kupokea (chenji ya {note}).',
    paid_cash: 'Imelipwa: {amount}, kwa pesa taslimu.',
    paid_card: 'Imelipwa: {amount} kwa kadi.',
    paid_mobile: 'Imelipwa: {amount} kwa {method}.',
    pending: 'Malipo yanasubiriwa.',
    refunded: 'Zimerudishwa: {amount}.',
    partly_refunded: 'Sehemu imerudishwa: {amount}.',
    nothing_to_pay: 'Hakuna cha kulipa.',
  },
};

const FRENCH_READERS = new Set(['ln', 'lu', 'bas']);

/** The core language a locale's messages are written in: its own, else French or English. */
export function coreLanguageOf(locale: string): keyof typeof CATALOGS {
  if (locale in CATALOGS) return locale as keyof typeof CATALOGS;
  return FRENCH_READERS.has(locale) ? 'fr' : 'en';
}

/** The storefront's path for `path` in `locale`: English is unprefixed (docs/product/pages.md). */
export function siteLink(publicOrigin: string, locale: InterfaceLocale | string, path: string): string {
  return `${publicOrigin}${locale === 'en' ? '' : `/${locale}`}${path}`;
}

/** `{name}` replaced by its param; a param the text needs and was not given is a bug, so it throws. */
function fill(text: string, params: Record<string, string>, what: string): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`message ${what} needs the param ${name}`);
    return value;
  });
}

export function renderMessage(
  template: TemplateName,
  locale: string,
  params: Record<string, string>,
): { subject: string; body: string } {
  const text = CATALOGS[coreLanguageOf(locale)][template];
  return { subject: fill(text.subject, params, template), body: fill(text.body, params, template) };
}

/** The receipt's sentence on the money, for its `{payment}` param. */
export function renderReceiptPayment(sentence: ReceiptPayment, locale: string, params: Record<string, string>): string {
  return fill(RECEIPT_PAYMENTS[coreLanguageOf(locale)][sentence], params, `receipt payment ${sentence}`);
}
