#include "lesson.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace {

// the messages' context for the translation
class LessonTr {
  Q_DECLARE_TR_FUNCTIONS(LessonTr)
};

const QStringList kTabs = {QStringLiteral("attention"), QStringLiteral("masks"), QStringLiteral("parameters"),
                           QStringLiteral("decoding"), QStringLiteral("algorithm"), QStringLiteral("training")};

// A text in the window's language: {"en": …, "de": …} (or a plain string).
QString localized(const QJsonValue& v, const QString& language) {
  if (v.isString()) return v.toString();
  const QJsonObject o = v.toObject();
  const QString mine = o.value(language).toString();
  return mine.isEmpty() ? o.value(QStringLiteral("en")).toString() : mine;
}

struct Reader {
  QString where;
  QString error;
  bool fail(const QString& field, const QString& expected) {
    if (error.isEmpty())
      error = LessonTr::tr("%1: the field “%2” must be %3.").arg(where, field, expected);
    return false;
  }
  bool integer(const QJsonObject& o, const QString& name, const QString& path, int lo, int hi, int* out, bool required) {
    const QJsonValue v = o.value(name);
    if (v.isUndefined()) return required ? fail(path + name, LessonTr::tr("a whole number from %1 to %2").arg(lo).arg(hi)) : true;
    const double d = v.toDouble(-1e300);
    if (!v.isDouble() || d != double(qint64(d)) || d < lo || d > hi)
      return fail(path + name, LessonTr::tr("a whole number from %1 to %2").arg(lo).arg(hi));
    *out = int(d);
    return true;
  }
  bool choice(const QJsonObject& o, const QString& name, const QString& path, const QStringList& allowed, QString* out,
              bool required) {
    const QJsonValue v = o.value(name);
    if (v.isUndefined() && !required) return true;
    if (!v.isString() || !allowed.contains(v.toString())) return fail(path + name, LessonTr::tr("one of: %1").arg(allowed.join(QStringLiteral(", "))));
    *out = v.toString();
    return true;
  }
};

}  // namespace

std::optional<Lesson> parseLesson(const QByteArray& json, const QString& language, const QString& where,
                                  QString* error) {
  QJsonParseError pe;
  const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
  if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
    if (error)
      *error = LessonTr::tr("%1 is not a lesson file: it is not JSON (%2 at byte %3).")
                   .arg(where, pe.error != QJsonParseError::NoError ? pe.errorString() : LessonTr::tr("not an object"))
                   .arg(pe.offset);
    return std::nullopt;
  }
  const QJsonObject o = doc.object();
  Reader r{where, {}};
  auto done = [&]() -> std::optional<Lesson> {
    if (error) *error = r.error;
    return std::nullopt;
  };
  int version = 0;
  if (!r.integer(o, QStringLiteral("glassbox_lesson"), {}, 1, 1, &version, true)) return done();
  Lesson l;
  l.id = o.value(QStringLiteral("id")).toString();
  l.title = localized(o.value(QStringLiteral("title")), language);
  l.summary = localized(o.value(QStringLiteral("summary")), language);
  l.picture = o.value(QStringLiteral("picture")).toString();
  if (l.title.isEmpty()) return r.fail(QStringLiteral("title"), LessonTr::tr("a text (or {\"en\": …, \"de\": …})")), done();
  // the recipe
  if (!o.value(QStringLiteral("recipe")).isObject()) return r.fail(QStringLiteral("recipe"), LessonTr::tr("an object")), done();
  const QJsonObject rc = o.value(QStringLiteral("recipe")).toObject();
  const QString p = QStringLiteral("recipe.");
  LessonRecipe& re = l.recipe;
  re.task = rc.value(QStringLiteral("task")).toString();
  re.text = rc.value(QStringLiteral("text")).toString();
  if (re.task.isEmpty() == re.text.isEmpty())
    return r.fail(p + QStringLiteral("task"), LessonTr::tr("a built-in task, or else “text” a text file (one of the two)")), done();
  if (!r.integer(rc, QStringLiteral("train"), p, 10, 1000000, &re.trainSize, false) ||
      !r.integer(rc, QStringLiteral("val"), p, 0, 100000, &re.valSize, false) ||
      !r.integer(rc, QStringLiteral("data_seed"), p, 0, 1000000, &re.dataSeed, false) ||
      !r.choice(rc, QStringLiteral("variant"), p, {QStringLiteral("encoder-decoder"), QStringLiteral("decoder-only")},
                &re.variant, true) ||
      !r.choice(rc, QStringLiteral("preset"), p,
                {QStringLiteral("tiny"), QStringLiteral("small"), QStringLiteral("medium"), QStringLiteral("seed")},
                &re.preset, true) ||
      !r.integer(rc, QStringLiteral("max_len"), p, 0, 4096, &re.maxLen, false) ||
      !r.integer(rc, QStringLiteral("model_seed"), p, 0, 1000000, &re.modelSeed, false) ||
      !r.choice(rc, QStringLiteral("optimizer"), p, {QStringLiteral("adamw"), QStringLiteral("sgd")}, &re.optimizer,
                true) ||
      !r.integer(rc, QStringLiteral("steps"), p, 1, 100000, &re.steps, true) ||
      !r.integer(rc, QStringLiteral("train_seed"), p, 0, 1000000, &re.trainSeed, false))
    return done();
  // the beats
  const QJsonValue beats = o.value(QStringLiteral("beats"));
  if (!beats.isArray() || beats.toArray().isEmpty() || beats.toArray().size() > 1000)
    return r.fail(QStringLiteral("beats"), LessonTr::tr("a list of 1 to 1000 beats")), done();
  const QJsonArray list = beats.toArray();
  for (int i = 0; i < list.size(); ++i) {
    const QString bp = QStringLiteral("beats[%1].").arg(i);
    if (!list[i].isObject()) return r.fail(QStringLiteral("beats[%1]").arg(i), LessonTr::tr("an object")), done();
    const QJsonObject b = list[i].toObject();
    LessonBeat beat;
    beat.caption = localized(b.value(QStringLiteral("caption")), language);
    if (!r.choice(b, QStringLiteral("tab"), bp, kTabs, &beat.tab, true)) return done();
    for (const auto& [name, field] : {std::pair{QStringLiteral("attention"), &beat.attention},
                                      std::pair{QStringLiteral("decoding"), &beat.decoding},
                                      std::pair{QStringLiteral("algorithm"), &beat.algorithm}}) {
      const QJsonValue v = b.value(name);
      if (v.isUndefined()) continue;
      if (!v.isObject()) return r.fail(bp + name, LessonTr::tr("an object")), done();
      *field = v.toObject();
    }
    const QString ap = bp + QStringLiteral("attention.");
    int n = 0;
    QString s;
    if (!r.choice(beat.attention, QStringLiteral("kind"), ap,
                  {QStringLiteral("bidirectional"), QStringLiteral("causal"), QStringLiteral("cross")}, &s, false) ||
        !r.integer(beat.attention, QStringLiteral("layer"), ap, 1, 64, &n, false) ||
        !r.choice(beat.attention, QStringLiteral("mode"), ap, {QStringLiteral("weights"), QStringLiteral("scores")}, &s,
                  false))
      return done();
    if (beat.attention.contains(QStringLiteral("head")) && beat.attention.value(QStringLiteral("head")) != QStringLiteral("average") &&
        !r.integer(beat.attention, QStringLiteral("head"), ap, 1, 64, &n, true))
      return done();
    const QString dp = bp + QStringLiteral("decoding.");
    const QJsonValue tau = beat.decoding.value(QStringLiteral("tau"));
    if (!tau.isUndefined() && !(tau == QStringLiteral("inf") || (tau.isDouble() && tau.toDouble() >= 0 && tau.toDouble() <= 3)))
      return r.fail(dp + QStringLiteral("tau"), LessonTr::tr("a temperature from 0 to 3, or \"inf\"")), done();
    if (!r.integer(beat.decoding, QStringLiteral("steps"), dp, 0, 4096, &n, false) ||
        !r.integer(beat.decoding, QStringLiteral("seed"), dp, 0, 1000000, &n, false) ||
        !r.integer(beat.decoding, QStringLiteral("top_k"), dp, 0, 100000, &n, false) ||
        !r.integer(beat.algorithm, QStringLiteral("line"), bp + QStringLiteral("algorithm."), 1, 1000, &n, false))
      return done();
    const QJsonValue topP = beat.decoding.value(QStringLiteral("top_p"));
    if (!topP.isUndefined() && !(topP.isDouble() && topP.toDouble() > 0 && topP.toDouble() <= 1))
      return r.fail(dp + QStringLiteral("top_p"), LessonTr::tr("a number above 0 and at most 1")), done();
    l.beats << beat;
  }
  return l;
}

QStringList builtinLessonIds() {
  return {QStringLiteral("reversal"), QStringLiteral("translation"), QStringLiteral("language-model")};
}

QString builtinLessonPath(const QString& id) { return QStringLiteral(":/lessons/%1.json").arg(id); }

std::optional<Lesson> loadLesson(const QString& nameOrPath, const QString& language, QString* error) {
  const bool builtin = builtinLessonIds().contains(nameOrPath);
  const QString path = builtin ? builtinLessonPath(nameOrPath) : nameOrPath;
  QFile f(path);
  if (!builtin && !QFileInfo(path).isFile()) {
    if (error)
      *error = LessonTr::tr("There is no lesson “%1”: neither a built-in one (%2) nor a file.")
                   .arg(nameOrPath, builtinLessonIds().join(QStringLiteral(", ")));
    return std::nullopt;
  }
  if (!f.open(QIODevice::ReadOnly)) {
    if (error) *error = LessonTr::tr("%1 cannot be read: %2.").arg(path, f.errorString());
    return std::nullopt;
  }
  if (f.size() > 16 * 1024 * 1024) {
    if (error) *error = LessonTr::tr("%1 is not a lesson file: it is larger than 16 MB.").arg(path);
    return std::nullopt;
  }
  auto l = parseLesson(f.readAll(), language, builtin ? nameOrPath : path, error);
  if (l && l->id.isEmpty()) l->id = builtin ? nameOrPath : QFileInfo(path).completeBaseName();
  return l;
}
