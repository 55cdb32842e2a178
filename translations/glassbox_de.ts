<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>MainWindow</name>
    <message>
        <source>Glassbox</source>
        <translation>Glassbox</translation>
    </message>
    <message>
        <source>No model yet — build one in the Model dock.</source>
        <translation>Noch kein Modell – bauen Sie eines im Bereich „Modell“.</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Aufmerksamkeit</translation>
    </message>
    <message>
        <source>Attention heatmaps</source>
        <translation>Heatmaps der Aufmerksamkeit</translation>
    </message>
    <message>
        <source>Heatmaps of the attention weights for every layer and head: encoder self-attention, masked decoder self-attention and cross-attention, with the causal, bidirectional and padding masks beside them. They refresh while the model trains.</source>
        <translation>Heatmaps der Aufmerksamkeitsgewichte für jede Schicht und jeden Kopf: Encoder-Selbstaufmerksamkeit, maskierte Decoder-Selbstaufmerksamkeit und Kreuzaufmerksamkeit, daneben die kausale, die bidirektionale und die Padding-Maske. Sie werden während des Trainings aktualisiert.</translation>
    </message>
    <message>
        <source>Decoding</source>
        <translation>Dekodieren</translation>
    </message>
    <message>
        <source>Decoding, one token at a time</source>
        <translation>Dekodieren, Token für Token</translation>
    </message>
    <message>
        <source>Step through ED-Inference or D-Inference: the next-token distribution p, the distribution q ∝ p^(1/τ) after the temperature slider, the token chosen and why, and the KV cache as it grows.</source>
        <translation>Schrittweise durch ED-Inference oder D-Inference: die Verteilung p des nächsten Tokens, die Verteilung q ∝ p^(1/τ) nach dem Temperaturregler, das gewählte Token und warum, und der wachsende KV-Cache.</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>Algorithmus</translation>
    </message>
    <message>
        <source>The algorithm, line by line</source>
        <translation>Der Algorithmus, Zeile für Zeile</translation>
    </message>
    <message>
        <source>The pseudo-code of the seeds, executed one line at a time: the line that runs next, and every matrix in scope with its shape.</source>
        <translation>Der Pseudocode der Vorlagen, Zeile für Zeile ausgeführt: die nächste Zeile und jede sichtbare Matrix mit ihrer Form.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Choose the variant (encoder-decoder or decoder-only) and its sizes: ℓ_max, layers, heads H, d_e, d_mlp. The parameter count updates as you type.</source>
        <translation>Wählen Sie die Variante (Encoder-Decoder oder nur Decoder) und ihre Größen: ℓ_max, Schichten, Köpfe H, d_e, d_mlp. Die Anzahl der Parameter wird beim Tippen aktualisiert.</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>Pick a built-in teaching task (copy, reverse, sort, …) or open a file of text or sentence pairs, and choose a tokenizer.</source>
        <translation>Wählen Sie eine eingebaute Lehraufgabe (Kopieren, Umkehren, Sortieren, …) oder öffnen Sie eine Datei mit Text oder Satzpaaren, und wählen Sie einen Tokenizer.</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Optimizer, learning rate, batch size and steps; Start, Pause, Step and Stop; live loss curves.</source>
        <translation>Optimierer, Lernrate, Batchgröße und Schritte; Start, Pause, Schritt und Stopp; Verlustkurven in Echtzeit.</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>&amp;Anordnung zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Glassbox</source>
        <translation>&amp;Über Glassbox</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>The language changes when Glassbox starts next time.</source>
        <translation>Die Sprache wechselt beim nächsten Start von Glassbox.</translation>
    </message>
    <message>
        <source>About Glassbox</source>
        <translation>Über Glassbox</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Glassbox %1&lt;/h3&gt;&lt;p&gt;A transformer you can see through: train a tiny encoder-decoder or decoder-only transformer live and watch its attention, masks and decoding, exactly as the lecture notes write them.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Glassbox %1&lt;/h3&gt;&lt;p&gt;Ein Transformer zum Hineinsehen: Trainieren Sie live einen kleinen Encoder-Decoder- oder Nur-Decoder-Transformer und beobachten Sie Aufmerksamkeit, Masken und Dekodierung – genau so, wie die Vorlesungsnotizen sie aufschreiben.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Built with Qt %1, Eigen and QCustomPlot.</source>
        <translation>Erstellt mit Qt %1, Eigen und QCustomPlot.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>A transformer you can see through.</source>
        <translation>Ein Transformer zum Hineinsehen.</translation>
    </message>
    <message>
        <source>Use this language for this run: system, en or de.</source>
        <translation>Diese Sprache für diesen Start verwenden: system, en oder de.</translation>
    </message>
    <message>
        <source>code</source>
        <translation>Kürzel</translation>
    </message>
</context>
</TS>
